import type { Kysely } from "kysely";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { type Authorization, PaymentError } from "../../platform/payments/provider.ts";
import { notify } from "../notifications/notify.ts";
import { fixCommissionAtConfirmation } from "../payouts/booking-lines.ts";
import { captureAt } from "./holds.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { recordMovement } from "./ledger.ts";
import { depositCapturedNotification, hailConfirmedNotifications } from "./notifications.ts";
import { scheduleHoldCheck } from "./payment.ts";
import * as q from "./queries.ts";
import { requestIds } from "./request-ids.ts";
import { announce, applyTransition } from "./transition.ts";

// Bookings made by a hail (server/features/hail): the creator accepted, so the booking starts
// out confirmed. The hail holds the provider order and its authorization (for the most any
// reached creator would cost); the booking keeps that authorization as its hold, the deposit is
// captured from it right after the accept commits, and the remainder later, with final capture
// (completeSession), which releases whatever was authorized above the winner's total.

export type HailBookingInput = {
  clientUserId: string;
  creator: { profileId: string; userId: string; hourlyRateCents: number; currency: string };
  eventType: string;
  start: Date;
  hours: number;
  location: string;
  notes: string | null;
  authorization: Pick<Authorization, "id" | "honoredUntil" | "expiresAt">;
  now: Date;
};

/**
 * Inserts the confirmed booking in the accepting transaction, with its booking_events row
 * (null → confirmed by the creator), the completion and hold jobs and both parties' event.
 * The overlap constraint (23P01) is the caller's to answer.
 */
export async function insertHailBooking(
  deps: AppDeps,
  trx: Kysely<DB>,
  input: HailBookingInput,
): Promise<string> {
  const price = priceBooking(input.creator.hourlyRateCents, input.hours);
  const end = new Date(input.start.getTime() + input.hours * 60 * 60 * 1000);
  const row = await trx
    .insertInto("bookings")
    .values({
      client_user_id: input.clientUserId,
      creator_profile_id: input.creator.profileId,
      start_time: input.start,
      end_time: end,
      duration_minutes: input.hours * 60,
      location: input.location,
      notes: input.notes,
      event_type: input.eventType,
      status: "confirmed",
      currency: input.creator.currency,
      hourly_rate_cents: input.creator.hourlyRateCents,
      subtotal_cents: price.subtotalCents,
      fee_cents: price.feeCents,
      total_amount_cents: price.totalCents,
      deposit_amount_cents: price.depositCents,
      remainder_cents: price.remainderCents,
      payment_provider: deps.payments.name,
      paypal_order_id: null,
      hold_authorization_id: input.authorization.id,
      hold_state: "active",
      hold_honored_until: input.authorization.honoredUntil,
      hold_valid_until: input.authorization.expiresAt,
      hold_reauthorized: false,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning(["id", "end_time"])
    .executeTakeFirstOrThrow();
  await q.insertBookingEvent(trx, {
    bookingId: row.id,
    from: null,
    to: "confirmed",
    actor: "creator",
    actorUserId: input.creator.userId,
    note: "Accepted a hail",
    at: input.now,
  });
  await fixCommissionAtConfirmation(
    trx,
    { id: row.id, creator_profile_id: input.creator.profileId },
    input.now,
  );
  await deps.jobs.send(
    BOOKING_JOBS.complete,
    { bookingId: row.id },
    { executor: trx, startAfter: captureAt(row.end_time) },
  );
  await scheduleHoldCheck(
    deps,
    { id: row.id, end_time: row.end_time } as q.BookingRow,
    input.authorization,
    false,
    trx,
  );
  await announce(
    deps,
    { id: row.id, client_user_id: input.clientUserId, creator_user_id: input.creator.userId },
    "confirmed",
    trx,
  );
  const booking = await q.findBooking(trx, row.id);
  for (const n of booking ? hailConfirmedNotifications(booking) : []) await notify(deps, n, trx);
  return row.id;
}

/**
 * Captures a hail booking's deposit from the hail's authorization (final_capture=false, the
 * remainder stays held) and records the ledger: the authorization as authorized, then the
 * deposit. Safe to repeat. "failed": the provider refused, so the booking is cancelled with
 * nothing charged and its hold voided by the settlement job. A provider outage throws (the
 * caller's job retries).
 */
export async function captureHailDeposit(
  deps: AppDeps,
  bookingId: string,
  authorization: Pick<Authorization, "id" | "amountCents" | "status">,
): Promise<"captured" | "failed" | "ended"> {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (!b) return "ended";
  if (b.deposit_capture_id) return "captured";
  if (b.status !== "confirmed") return "ended";
  await recordMovement(
    deps,
    b,
    "authorization",
    authorization.amountCents,
    authorization.id,
    authorization.status,
  );
  const capture = await deps.payments
    .captureAuthorization(authorization.id, {
      amountCents: b.deposit_amount_cents,
      currency: b.currency,
      finalCapture: false,
      requestId: requestIds.deposit(b.id),
    })
    .catch((error: unknown) => {
      if (error instanceof PaymentError && error.reason !== "unavailable") return null;
      throw error;
    });
  if (capture) {
    await recordMovement(
      deps,
      b,
      "deposit_capture",
      capture.amountCents,
      capture.id,
      capture.status,
    );
  }
  if (!capture || capture.status === "DECLINED" || capture.status === "FAILED") {
    await applyTransition(
      deps,
      b,
      "cancelConfirmed",
      { role: "system", userId: null },
      { note: "The deposit could not be charged; nothing was taken" },
    );
    return "failed";
  }
  await deps.database.db.transaction().execute(async (trx) => {
    const patched = await q.patchBooking(
      trx,
      b.id,
      ["confirmed", "completed", "cancelled"],
      { deposit_capture_id: capture.id },
      deps.now(),
    );
    await announce(deps, b, b.status as "confirmed", trx);
    if (patched) await notify(deps, depositCapturedNotification(b), trx);
  });
  return "captured";
}
