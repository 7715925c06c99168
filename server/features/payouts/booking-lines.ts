import type { Kysely } from "kysely";
import { percentOf } from "../../../contracts/booking-pricing.ts";
import { TIER_PERCENT, type TierName } from "../../../contracts/payouts.ts";
import type { DB } from "../../db/schema.ts";
import { setBookingCommission } from "../bookings/commission.ts";
import { bookingMoney, refundsWithoutLines, writeLines } from "./line-queries.ts";
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
  const refunds = await refundsWithoutLines(db);
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
