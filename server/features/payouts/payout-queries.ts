import { type Insertable, type Kysely, sql } from "kysely";
import { PAYOUTS } from "../../../contracts/constants.ts";
import type { DB, Payouts } from "../../db/schema.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";
import { deliveryRows } from "../delivery/delivery-fragments.ts";
import { creatorProfileRows } from "../profiles/listed-creator-fragments.ts";

export type Db = Kysely<DB>;

export type PayoutRow = {
  id: string;
  creator_profile_id: string;
  booking_id: string;
  amount_cents: number;
  currency: string;
  method: string;
  status: string;
  receiver_email: string | null;
  bank_account_last4: string | null;
  attempt: number;
  sender_batch_id: string | null;
  provider_batch_id: string | null;
  provider_status: string | null;
  failure_reason: string | null;
  due_at: Date;
  paid_at: Date | null;
};

const PAYOUT_COLUMNS = [
  "id",
  "creator_profile_id",
  "booking_id",
  "amount_cents",
  "currency",
  "method",
  "status",
  "receiver_email",
  "bank_account_last4",
  "attempt",
  "sender_batch_id",
  "provider_batch_id",
  "provider_status",
  "failure_reason",
  "due_at",
  "paid_at",
] as const;

export const findPayout = (db: Db, id: string) =>
  db
    .selectFrom("payouts")
    .select(PAYOUT_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst() as Promise<PayoutRow | undefined>;

export const findPayoutByItem = (db: Db, providerItemId: string) =>
  db
    .selectFrom("payouts")
    .select(PAYOUT_COLUMNS)
    .where("provider_item_id", "=", providerItemId)
    .executeTakeFirst() as Promise<PayoutRow | undefined>;

export const sendingPayouts = (db: Db, now: Date) =>
  db
    .selectFrom("payouts")
    .select("id")
    .where("method", "=", "paypal")
    .where("status", "in", ["pending", "processing"])
    .where("due_at", "<=", now)
    .orderBy("due_at")
    .limit(200)
    .execute();

/** A creator's net on a booking so far: its creator lines, payouts (and their returns) not counted. */
export const bookingNetSql = sql<number>`coalesce((select sum(l.amount_cents) from payout_lines l
  where l.booking_id = b.id and l.account = 'creator' and l.kind not in ('payout', 'payout_return')), 0)::integer`;

/**
 * When a booking's net became payable (null while it is not): a completed booking when its
 * delivery was accepted (a disputed one is not); a cancelled one whose deposit was kept in part
 * once its refund is in the ledger (or none was owed), at its last line. Needs `b` and a left
 * join of `deliveries as d`.
 */
export const payableSinceSql = sql<Date | null>`case
  when b.status = 'completed' and d.status = 'accepted' then d.accepted_at
  when b.status = 'cancelled' and (coalesce(b.deposit_refund_cents, 0) = 0 or exists (
    select 1 from payout_lines r where r.booking_id = b.id and r.kind = 'refund'))
    then (select max(l.created_at) from payout_lines l where l.booking_id = b.id)
end`;

/**
 * Bookings payable for at least minHoursAfterAcceptance (payableSinceSql) that have no payout
 * yet. payableSinceSql is computed once per booking, in the inner query, and filtered outside.
 */
export const duePayoutBookings = (db: Db, now: Date) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom(bookingRows.as("b"))
        .leftJoin(deliveryRows.as("d"), "d.booking_id", "b.id")
        .innerJoin(creatorProfileRows.as("p"), "p.id", "b.creator_profile_id")
        .select([
          "b.id",
          "b.creator_profile_id",
          "b.currency",
          payableSinceSql.as("payable_since"),
          "p.payment_method",
          "p.payout_email",
          "p.bank_account_last4",
        ])
        .where("b.status", "in", ["completed", "cancelled"])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("payouts as x").select("x.id").whereRef("x.booking_id", "=", "b.id"),
            ),
          ),
        )
        .as("b"),
    )
    .selectAll("b")
    .select(bookingNetSql.as("net"))
    .where(
      "b.payable_since",
      "<=",
      new Date(now.getTime() - PAYOUTS.minHoursAfterAcceptance * 3_600_000),
    )
    .limit(200)
    .execute();

/**
 * A payout attempt's line: `payout` takes its amount out of the creator's balance when it is
 * paid or sent; `payout_return` puts it back when PayPal takes a paid payout back. Once each.
 */
export async function insertPayoutLine(
  trx: Db,
  p: Pick<
    PayoutRow,
    "id" | "creator_profile_id" | "booking_id" | "amount_cents" | "currency" | "attempt"
  >,
  note: string,
  at: Date,
  options: { kind?: "payout" | "payout_return"; createdBy?: string } = {},
) {
  const kind = options.kind ?? "payout";
  await trx
    .insertInto("payout_lines")
    .values({
      creator_profile_id: p.creator_profile_id,
      account: "creator",
      kind,
      amount_cents: kind === "payout" ? -p.amount_cents : p.amount_cents,
      currency: p.currency,
      booking_id: p.booking_id,
      payout_id: p.id,
      payout_attempt: p.attempt,
      note,
      created_by: options.createdBy ?? null,
      created_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** One conditional step of a payout: answers the row when it was still in `from`. */
export type PayoutPatch = Partial<{
  attempt: number;
  sender_batch_id: string | null;
  provider_batch_id: string | null;
  provider_item_id: string | null;
  provider_status: string | null;
  failure_reason: string | null;
  paid_at: Date | null;
  sent_by: string | null;
}>;

/** The user behind a creator profile (a payout's events go to them). */
export async function creatorUserOf(db: Db, profileId: string) {
  const row = await db
    .selectFrom(creatorProfileRows.as("photographer_profiles"))
    .select("user_id")
    .where("id", "=", profileId)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Updates a payout only while it is in one of `from`: with a `status`, the one writer of
 * payouts.status (lifecycle.ts); without, a note of what PayPal says (provider_status).
 */
export function movePayout(
  trx: Db,
  id: string,
  from: readonly string[],
  set: PayoutPatch & { status?: string },
  now: Date,
) {
  return trx
    .updateTable("payouts")
    .set({ ...set, updated_at: now })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .returning(PAYOUT_COLUMNS)
    .executeTakeFirst() as Promise<PayoutRow | undefined>;
}

/** Which of these bookings' payouts have been paid (or sent by hand). */
export async function paidOutBookingIds(db: Db, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .selectFrom("payouts")
    .select("booking_id")
    .distinct()
    .where("booking_id", "in", bookingIds)
    .where("status", "in", ["paid", "sent"])
    .execute();
  return rows.map((r) => r.booking_id);
}

/** A booking's payout, once: a second run for the same booking inserts nothing (undefined). */
export function insertPayout(db: Db, payout: Insertable<Payouts>) {
  return db
    .insertInto("payouts")
    .values(payout)
    .onConflict((oc) => oc.column("booking_id").doNothing())
    .returning("id")
    .executeTakeFirst();
}
