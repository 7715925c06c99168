import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import * as q from "./queries.ts";

/**
 * Fixes a confirmed booking's commission tier and rate (the payouts domain decides them, at
 * confirmation, in the confirming transaction). Only while the booking is confirmed.
 */
export async function setBookingCommission(
  trx: Kysely<DB>,
  bookingId: string,
  commission: { tier: string; percent: number },
  now: Date,
) {
  await q.patchBooking(
    trx,
    bookingId,
    ["confirmed"],
    { commission_tier: commission.tier, commission_percent: commission.percent },
    now,
  );
}
