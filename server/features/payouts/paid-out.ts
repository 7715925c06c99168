import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { paidOutBookingIds } from "./payout-queries.ts";

/** The bookings among these whose creator has been paid (PayPal, or sent by hand). */
export async function paidOutBookings(db: Kysely<DB>, bookingIds: string[]) {
  return new Set(await paidOutBookingIds(db, bookingIds));
}
