import type { AfterSession, BookingCard } from "../../../contracts/bookings.ts";
import { AFTER_SESSION_LABELS } from "./strings.ts";

export type AfterSessionStep = keyof (typeof AFTER_SESSION_LABELS)["creator"];

/** Where a finished session stands: photos due, delivered, accepted, paid, or disputed. */
export function afterSessionStep(after: AfterSession): AfterSessionStep {
  if (after.delivery === "disputed") return "disputed";
  if (after.delivery === "accepted") return after.paidOut ? "paid" : "accepted";
  if (after.delivery === "delivered") return "delivered";
  return "due";
}

/** The creator may still upload photos (nothing delivered yet). */
export const photosDue = (booking: BookingCard) =>
  booking.viewerRole === "creator" &&
  booking.afterSession !== null &&
  afterSessionStep(booking.afterSession) === "due";

export function afterSessionLabel(booking: BookingCard): string | null {
  if (!booking.afterSession || booking.viewerRole === "staff") return null;
  return AFTER_SESSION_LABELS[booking.viewerRole][afterSessionStep(booking.afterSession)];
}
