import type { Kysely } from "kysely";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { notify } from "../notifications/notify.ts";
import { paymentProvider } from "../payments/service.ts";
import { hailPaidNotification } from "./notifications.ts";
import * as q from "./queries.ts";
import { announce, applyTransition, beginBooking } from "./transition.ts";

// Bookings made by a hail (server/features/hail): the creator accepted, so the booking starts
// out confirmed. The hail's own payment order pays for it — the winner's total is charged from
// it right after the accept commits (server/features/hail tells this file how that went).

export type HailBookingInput = {
  clientUserId: string;
  creator: { profileId: string; userId: string; hourlyRateCents: number; currency: string };
  eventType: string;
  start: Date;
  hours: number;
  location: string;
  notes: string | null;
  now: Date;
};

/**
 * Begins the confirmed booking in the accepting transaction (lifecycle step hailAccepted: its
 * event, completion job, subscribers and both parties told). The overlap constraint (23P01) is
 * the caller's to answer.
 */
export async function insertHailBooking(
  deps: AppDeps,
  trx: Kysely<DB>,
  input: HailBookingInput,
): Promise<{ id: string; totalCents: number; depositCents: number }> {
  const price = priceBooking(input.creator.hourlyRateCents, input.hours);
  const booking = await beginBooking(
    deps,
    trx,
    "hailAccepted",
    {
      client_user_id: input.clientUserId,
      creator_profile_id: input.creator.profileId,
      start_time: input.start,
      end_time: new Date(input.start.getTime() + input.hours * 60 * 60 * 1000),
      duration_minutes: input.hours * 60,
      location: input.location,
      notes: input.notes,
      event_type: input.eventType,
      currency: input.creator.currency,
      hourly_rate_cents: input.creator.hourlyRateCents,
      subtotal_cents: price.subtotalCents,
      fee_cents: price.feeCents,
      total_amount_cents: price.totalCents,
      deposit_amount_cents: price.depositCents,
      remainder_cents: price.remainderCents,
      payment_provider: paymentProvider(deps).name,
      // Charged from the hail's order as soon as the accept commits.
      remainder_state: "processing",
    },
    { role: "creator", userId: input.creator.userId },
    "Accepted a hail",
  );
  return { id: booking.id, totalCents: price.totalCents, depositCents: price.depositCents };
}

/** The hail's payment went through: the booking is paid in full. */
export async function hailBookingPaid(deps: AppDeps, trx: Kysely<DB>, bookingId: string) {
  const b = await q.findBooking(trx, bookingId);
  if (!b) return;
  const now = deps.now();
  const patched = await q.patchBooking(
    trx,
    b.id,
    ["confirmed", "completed"],
    { remainder_state: "paid" },
    now,
  );
  if (!patched) return;
  await q.insertBookingEvent(trx, {
    bookingId: b.id,
    from: b.status as "confirmed",
    to: b.status as "confirmed",
    actor: "system",
    actorUserId: null,
    note: "The hail's payment was charged",
    at: now,
  });
  await announce(deps, b, b.status as "confirmed", trx);
  await notify(deps, hailPaidNotification(b), trx);
}

/** The hail's payment was refused or taken back: the booking does not go ahead. */
export async function hailBookingPaymentFailed(
  deps: AppDeps,
  trx: Kysely<DB>,
  bookingId: string,
  why: string,
) {
  const b = await q.findBooking(trx, bookingId);
  if (!b) return false;
  return applyTransition(
    deps,
    b,
    "paymentWithdrawn",
    { role: "system", userId: null },
    {
      note: `The hail's payment failed: ${why}`,
      trx,
    },
  );
}
