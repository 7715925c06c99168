import type { Kysely } from "kysely";
import { percentOf } from "../../../contracts/booking-pricing.ts";
import { TIER_PERCENT, type TierName } from "../../../contracts/payouts.ts";
import type { DB } from "../../db/schema.ts";
import { setBookingCommission } from "../bookings/commission.ts";
import { currentTier } from "./tiers.ts";

// The payout ledger's lines for a booking's money (payout_lines; docs in the migration 113).
// Commission = subtotal × rate, rounded half up to the cent (percentOf). A completed booking:
//   deposit capture   → creator earning = deposit (the deposit is part of the subtotal)
//   remainder capture → creator earning = subtotal − deposit, platform service_fee = fee,
//                       creator commission −c and platform commission +c
// A cancelled booking whose deposit was kept in part: the deposit as earning and its
// commission; the refund (when the settlement job has paid it) as refund lines split at the
// same rate. A creator's balance is the sum of their 'creator' lines.

type Db = Kysely<DB>;

type LineInput = {
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

async function writeLines(db: Db, lines: LineInput[]) {
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

async function bookingMoney(db: Db, bookingId: string) {
  const booking = await db
    .selectFrom("bookings")
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
    .selectFrom("payment_ledger")
    .select(["id", "kind", "amount_cents"])
    .where("booking_id", "=", bookingId)
    .where("kind", "in", ["deposit_capture", "remainder_capture", "refund"])
    .orderBy("id")
    .execute();
  return { booking, movements };
}

/** At confirmation (accept, or a hail's accept): the creator's tier of today is the booking's. */
export async function fixCommissionAtConfirmation(
  trx: Db,
  booking: { id: string; creator_profile_id: string },
  now: Date,
) {
  const tier = await currentTier(trx, booking.creator_profile_id, now);
  await setBookingCommission(trx, booking.id, { tier, percent: TIER_PERCENT[tier] }, now);
}

async function percentFor(
  trx: Db,
  b: {
    creator_profile_id: string;
    commission_tier: string | null;
    commission_percent: number | null;
  },
  now: Date,
) {
  if (b.commission_percent !== null) return b.commission_percent;
  return TIER_PERCENT[
    (b.commission_tier as TierName | null) ?? (await currentTier(trx, b.creator_profile_id, now))
  ];
}

/** At completion (the remainder was captured): earning, commission and the platform's fee. */
export async function writeCompletionLines(trx: Db, bookingId: string, now: Date) {
  const { booking: b, movements } = await bookingMoney(trx, bookingId);
  const deposit = movements.find((m) => m.kind === "deposit_capture");
  const remainder = movements.find((m) => m.kind === "remainder_capture");
  if (!b || !remainder) return;
  const percent = await percentFor(trx, b, now);
  const commission = percentOf(b.subtotal_cents, percent);
  const depositPart = deposit ? Math.min(deposit.amount_cents, b.subtotal_cents) : 0;
  const base = { creatorProfileId: b.creator_profile_id, currency: b.currency, bookingId, at: now };
  await writeLines(trx, [
    ...(deposit
      ? [
          {
            ...base,
            account: "creator" as const,
            kind: "earning" as const,
            amountCents: depositPart,
            paymentLedgerId: deposit.id,
            note: "Session: deposit",
          },
        ]
      : []),
    {
      ...base,
      account: "creator",
      kind: "earning",
      amountCents: b.subtotal_cents - depositPart,
      paymentLedgerId: remainder.id,
      note: "Session: balance",
    },
    {
      ...base,
      account: "creator",
      kind: "commission",
      amountCents: -commission,
      paymentLedgerId: remainder.id,
      note: `Commission ${percent} %`,
    },
    {
      ...base,
      account: "platform",
      kind: "commission",
      amountCents: commission,
      paymentLedgerId: remainder.id,
      note: `Commission ${percent} %`,
    },
    {
      ...base,
      account: "platform",
      kind: "service_fee",
      amountCents: b.fee_cents,
      paymentLedgerId: remainder.id,
      note: "Client service fee",
    },
  ]);
}

/**
 * At a confirmed booking's cancellation: a deposit the client does not get back in full is
 * the creator's (less commission). A deposit refunded in full leaves no lines at all.
 */
export async function writeCancellationLines(
  trx: Db,
  bookingId: string,
  refundOwedCents: number,
  now: Date,
) {
  const { booking: b, movements } = await bookingMoney(trx, bookingId);
  const deposit = movements.find((m) => m.kind === "deposit_capture");
  if (!b || !deposit || refundOwedCents >= deposit.amount_cents) return;
  const percent = await percentFor(trx, b, now);
  const commission = percentOf(deposit.amount_cents, percent);
  const base = {
    creatorProfileId: b.creator_profile_id,
    currency: b.currency,
    bookingId,
    at: now,
    paymentLedgerId: deposit.id,
  };
  await writeLines(trx, [
    {
      ...base,
      account: "creator",
      kind: "earning",
      amountCents: deposit.amount_cents,
      note: "Cancelled: deposit kept",
    },
    {
      ...base,
      account: "creator",
      kind: "commission",
      amountCents: -commission,
      note: `Commission ${percent} %`,
    },
    {
      ...base,
      account: "platform",
      kind: "commission",
      amountCents: commission,
      note: `Commission ${percent} %`,
    },
  ]);
}

/**
 * Refunds of captured money (payment_ledger 'refund') on bookings that have earning lines
 * become refund lines, split at the booking's rate: the creator gives back the refund less the
 * commission on it, the platform the commission. Money PayPal took back ('reversal': a
 * chargeback, a dashboard refund) is the platform's loss alone: a creator's earned balance is
 * never clawed back by a job (staff are told and decide). Safe to run again: each line once.
 */
export async function writeRefundLines(db: Db, now: Date): Promise<number> {
  const refunds = await db
    .selectFrom("payment_ledger as pl")
    .innerJoin("bookings as b", "b.id", "pl.booking_id")
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
  for (const r of refunds) {
    const base = {
      creatorProfileId: r.creator_profile_id,
      currency: r.currency,
      bookingId: r.booking_id,
      paymentLedgerId: r.id,
      at: now,
      kind: "refund" as const,
    };
    if (r.kind === "reversal") {
      await writeLines(db, [
        {
          ...base,
          account: "platform",
          amountCents: -r.amount_cents,
          note: "Taken back by PayPal",
        },
      ]);
      continue;
    }
    const commission = percentOf(r.amount_cents, r.commission_percent ?? TIER_PERCENT.starter);
    const note = "Refund to the client";
    await writeLines(db, [
      { ...base, account: "creator", amountCents: -(r.amount_cents - commission), note },
      { ...base, account: "platform", amountCents: -commission, note },
    ]);
  }
  return refunds.length;
}
