import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";
import { deliveryRows } from "../delivery/delivery-fragments.ts";
import { creatorProfileRows, displayNameSql } from "../profiles/listed-creator-fragments.ts";
import { bookingNetSql, payableSinceSql } from "./payout-queries.ts";

// What a creator's /earnings page and ledger CSV read.

type Db = Kysely<DB>;
const HISTORY_LIMIT = 500;

export function payoutsWithBookings(db: Db) {
  return db
    .selectFrom("payouts as x")
    .innerJoin(bookingRows.as("b"), "b.id", "x.booking_id")
    .selectAll("x")
    .select(["b.event_type", "b.start_time"]);
}

export async function balanceOf(db: Db, profileId: string): Promise<number> {
  const row = await db
    .selectFrom("payout_lines")
    .select(sql<number>`coalesce(sum(amount_cents), 0)::integer`.as("balance"))
    .where("creator_profile_id", "=", profileId)
    .where("account", "=", "creator")
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** The creator's lines in date order, newest first (lines are not always written in order). */
export function creatorLines(db: Db, profileId: string) {
  return db
    .selectFrom("payout_lines as l")
    .leftJoin(bookingRows.as("b"), "b.id", "l.booking_id")
    .select([
      "l.id",
      "l.kind",
      "l.amount_cents",
      "l.booking_id",
      "l.note",
      "l.created_at",
      "b.event_type",
      "b.start_time",
    ])
    .where("l.creator_profile_id", "=", profileId)
    .where("l.account", "=", "creator")
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(HISTORY_LIMIT)
    .execute();
}

/** The creator's payout method and PayPal address. */
export function payoutMethodOf(db: Db, profileId: string) {
  return db
    .selectFrom(creatorProfileRows.as("photographer_profiles"))
    .select(["payment_method", "payout_email"])
    .where("id", "=", profileId)
    .executeTakeFirst();
}

/** Completed or cancelled bookings with no payout yet (100 newest), with what they would pay. */
export function bookingsAwaitingPayout(db: Db, profileId: string) {
  return db
    .selectFrom(bookingRows.as("b"))
    .leftJoin(deliveryRows.as("d"), "d.booking_id", "b.id")
    .select([
      "b.id",
      "b.status",
      "b.event_type",
      "b.start_time",
      "d.status as delivery",
      payableSinceSql.as("payable_since"),
      bookingNetSql.as("net"),
    ])
    .where("b.creator_profile_id", "=", profileId)
    .where("b.status", "in", ["completed", "cancelled"])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("payouts as x").select("x.id").whereRef("x.booking_id", "=", "b.id"),
        ),
      ),
    )
    .orderBy("b.start_time", "desc")
    .limit(100)
    .execute();
}

/** Payouts with their booking and the creator's display name (staff's payouts screen). */
export function payoutsWithCreators(db: Db) {
  return payoutsWithBookings(db)
    .innerJoin(creatorProfileRows.as("p"), "p.id", "x.creator_profile_id")
    .select(displayNameSql.as("creator_name"));
}
