import type { Kysely } from "kysely";
import { percentOf } from "../../../contracts/booking-pricing.ts";
import type { BookingCard } from "../../../contracts/bookings.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { BookingWithParties } from "./queries.ts";

// What a booking card shows beyond its own row, for its viewer. The domains above bookings own
// these facts (the tier, the delivery, the payout, the review) and lend bookings a reader for
// each at start-up (server/domain-wiring.ts), so bookings imports none of them; a fact no
// domain lends reads as its empty value.

type Db = Kysely<DB>;

export type CardFactReaders = {
  /** The creator's commission percent today (payouts: their tier). */
  commissionPercentNow: (db: Db, creatorProfileId: string, now: Date) => Promise<number>;
  /** Each booking's delivery status (delivery). */
  deliveryStatuses: (db: Db, bookingIds: string[]) => Promise<Map<string, DeliveryState>>;
  /** The bookings whose payout was paid (payouts). */
  paidOut: (db: Db, bookingIds: string[]) => Promise<Set<string>>;
  /** The bookings the viewer has reviewed (reviews). */
  reviewedBy: (db: Db, userId: string, bookingIds: string[]) => Promise<Set<string>>;
};
type DeliveryState = NonNullable<BookingCard["afterSession"]>["delivery"];

const readers = new WeakMap<AppDeps, Partial<CardFactReaders>>();

export function lendCardFacts(deps: AppDeps, lent: Partial<CardFactReaders>) {
  readers.set(deps, { ...readers.get(deps), ...lent });
}

type Item = { row: BookingWithParties; card: BookingCard };

/** A session that took place and has ended: its photos, payout and reviews follow. */
export function sessionEnded(row: BookingWithParties, now: Date) {
  return (row.status === "confirmed" || row.status === "completed") && row.end_time <= now;
}

/**
 * The creator's pay after commission: at the percent fixed when the booking was confirmed,
 * before that at their tier of today (read once per creator).
 */
async function addCreatorEarnings(deps: AppDeps, items: Item[], now: Date) {
  const db = deps.database.db;
  const percentToday = readers.get(deps)?.commissionPercentNow;
  const percentNow = new Map<string, number>();
  for (const { row, card } of items) {
    if (card.viewerRole !== "creator") continue;
    let percent = row.commission_percent;
    if (percent === null) {
      percent = percentNow.get(row.creator_profile_id) ?? null;
      if (percent === null) {
        if (!percentToday) continue;
        percent = await percentToday(db, row.creator_profile_id, now);
        percentNow.set(row.creator_profile_id, percent);
      }
    }
    card.creatorEarnings = {
      netCents: row.subtotal_cents - percentOf(row.subtotal_cents, percent),
      commissionPercent: percent,
    };
  }
}

async function addAfterSession(deps: AppDeps, viewerUserId: string, items: Item[], now: Date) {
  const ended = items.filter(({ row }) => sessionEnded(row, now));
  if (ended.length === 0) return;
  const db = deps.database.db;
  const lent = readers.get(deps) ?? {};
  const ids = ended.map(({ row }) => row.id);
  const [deliveries, paid, reviewed] = await Promise.all([
    lent.deliveryStatuses?.(db, ids) ?? new Map<string, DeliveryState>(),
    lent.paidOut?.(db, ids) ?? new Set<string>(),
    lent.reviewedBy?.(db, viewerUserId, ids) ?? new Set<string>(),
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
  deps: AppDeps,
  viewerUserId: string,
  items: Item[],
  now: Date,
): Promise<void> {
  await Promise.all([
    addCreatorEarnings(deps, items, now),
    addAfterSession(deps, viewerUserId, items, now),
  ]);
}
