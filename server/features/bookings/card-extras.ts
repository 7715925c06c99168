import type { Kysely } from "kysely";
import { percentOf } from "../../../contracts/booking-pricing.ts";
import type { BookingCard } from "../../../contracts/bookings.ts";
import { TIER_PERCENT } from "../../../contracts/payouts.ts";
import type { DB } from "../../db/schema.ts";
import { deliveryStatuses } from "../delivery/statuses.ts";
import { paidOutBookings } from "../payouts/paid-out.ts";
import { currentTier } from "../payouts/tiers.ts";
import { reviewedBy } from "../reviews/reviewed-by.ts";
import type { BookingWithParties } from "./queries.ts";

// What a booking card shows beyond its own row, for its viewer. The domains above bookings own
// these facts (the tier, the delivery, the payout, the review); this is the one place bookings
// asks them, as after-transition.ts is the one place it tells them.

type Item = { row: BookingWithParties; card: BookingCard };

/** A session that took place and has ended: its photos, payout and reviews follow. */
export function sessionEnded(row: BookingWithParties, now: Date) {
  return (row.status === "confirmed" || row.status === "completed") && row.end_time <= now;
}

/**
 * The creator's pay after commission: at the percent fixed when the booking was confirmed,
 * before that at their tier of today (read once per creator).
 */
async function addCreatorEarnings(db: Kysely<DB>, items: Item[], now: Date) {
  const percentNow = new Map<string, number>();
  for (const { row, card } of items) {
    if (card.viewerRole !== "creator") continue;
    let percent = row.commission_percent;
    if (percent === null) {
      percent = percentNow.get(row.creator_profile_id) ?? null;
      if (percent === null) {
        percent = TIER_PERCENT[await currentTier(db, row.creator_profile_id, now)];
        percentNow.set(row.creator_profile_id, percent);
      }
    }
    card.creatorEarnings = {
      netCents: row.subtotal_cents - percentOf(row.subtotal_cents, percent),
      commissionPercent: percent,
    };
  }
}

async function addAfterSession(db: Kysely<DB>, viewerUserId: string, items: Item[], now: Date) {
  const ended = items.filter(({ row }) => sessionEnded(row, now));
  if (ended.length === 0) return;
  const ids = ended.map(({ row }) => row.id);
  const [deliveries, paid, reviewed] = await Promise.all([
    deliveryStatuses(db, ids),
    paidOutBookings(db, ids),
    reviewedBy(db, viewerUserId, ids),
  ]);
  for (const { row, card } of ended) {
    card.afterSession = {
      delivery: deliveries.get(row.id) ?? "none",
      paidOut: paid.has(row.id),
      reviewed: reviewed.has(row.id),
    };
  }
}

/** Fills in the cards' creatorEarnings and afterSession for the viewer (in place). */
export async function addCardExtras(
  db: Kysely<DB>,
  viewerUserId: string,
  items: Item[],
  now: Date,
): Promise<void> {
  await Promise.all([
    addCreatorEarnings(db, items, now),
    addAfterSession(db, viewerUserId, items, now),
  ]);
}
