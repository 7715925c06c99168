import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";
import { paymentLedgerRows } from "../payments/ledger-fragments.ts";

// The payout ledger's lines (payout_lines) and the booking money they are written from.

type Db = Kysely<DB>;

export type LineInput = {
  creatorProfileId: string;
  account: "creator" | "platform";
  kind: "earning" | "commission" | "service_fee" | "refund";
  amountCents: number;
  currency: string;
  bookingId: string;
  paymentLedgerId: number;
  note: string;
  at: Date;
};

export async function writeLines(db: Db, lines: LineInput[]) {
  const values = lines
    .filter((l) => l.amountCents !== 0)
    .map((l) => ({
      creator_profile_id: l.creatorProfileId,
      account: l.account,
      kind: l.kind,
      amount_cents: l.amountCents,
      currency: l.currency,
      booking_id: l.bookingId,
      payment_ledger_id: l.paymentLedgerId,
      note: l.note,
      created_at: l.at,
    }));
  if (values.length === 0) return;
  // The unique index (booking, kind, account, movement) makes a replay write nothing.
  await db
    .insertInto("payout_lines")
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function bookingMoney(db: Db, bookingId: string) {
  const booking = await db
    .selectFrom(bookingRows.as("bookings"))
    .select([
      "id",
      "creator_profile_id",
      "subtotal_cents",
      "fee_cents",
      "currency",
      "commission_tier",
      "commission_percent",
    ])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  const movements = await db
    .selectFrom(paymentLedgerRows.as("payment_ledger"))
    .select(["id", "kind", "amount_cents"])
    .where("booking_id", "=", bookingId)
    .where("kind", "in", ["deposit_capture", "remainder_capture", "refund"])
    .orderBy("id")
    .execute();
  return { booking, movements };
}

/** Refunds and reversals of bookings with earning lines that have no refund line yet. */
export function refundsWithoutLines(db: Db) {
  return db
    .selectFrom(paymentLedgerRows.as("pl"))
    .innerJoin(bookingRows.as("b"), "b.id", "pl.booking_id")
    .select([
      "pl.id",
      "pl.kind",
      "pl.booking_id",
      "pl.amount_cents",
      "b.creator_profile_id",
      "b.currency",
      "b.commission_percent",
    ])
    .where("pl.kind", "in", ["refund", "reversal"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("payout_lines as e")
          .select("e.id")
          .whereRef("e.booking_id", "=", "pl.booking_id")
          .where("e.kind", "=", "earning"),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("payout_lines as r")
            .select("r.id")
            .whereRef("r.payment_ledger_id", "=", "pl.id")
            .where("r.kind", "=", "refund"),
        ),
      ),
    )
    .execute();
}
