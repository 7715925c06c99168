import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** Bookings as the domains around a booking read them (payouts, hail, messaging, reviews, the back office). */
export const bookingRows = fragmentBuilder.selectFrom("bookings").selectAll();

/** A booking's timeline, for the back office. */
export const bookingEventRows = fragmentBuilder.selectFrom("booking_events").selectAll();
