import type { BookingStatus } from "../../../contracts/enums.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { PaymentError } from "../../platform/payments/provider.ts";
import { notify } from "../notifications/notify.ts";
import { canReauthorize, captureAt } from "./holds.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { recordMovement } from "./ledger.ts";
import { problemOpen } from "./lifecycle.ts";
import { holdRenewalMails } from "./mails.ts";
import { holdRenewalNotification, refundNotification } from "./notifications.ts";
import {
  completePayment,
  PAYMENT_CANCEL_PATH,
  PAYMENT_RETURN_PATH,
  scheduleHoldCheck,
} from "./payment.ts";
import * as q from "./queries.ts";
import { requestIds } from "./request-ids.ts";
import { announce, applyTransition } from "./transition.ts";

// The money that follows a transition, run by jobs: releasing holds, refunds, keeping a hold
// alive until the session, capturing the remainder. Each step is skipped when the ledger
// shows it done and uses a request id derived from the booking, so a retry is harmless.

const ENDED: readonly BookingStatus[] = ["declined", "cancelled", "expired"];
const system = { role: "system" as const, userId: null };

/** "Already voided" and "already expired" both mean the hold is gone: nothing left to do. */
const gone = (error: unknown) =>
  error instanceof PaymentError &&
  (error.reason === "already_done" || error.reason === "authorization_expired");

/** Voids the hold and pays the refund a transition decided on. */
export async function settleBooking(deps: AppDeps, bookingId: string) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (!b || !ENDED.includes(b.status as BookingStatus)) return;
  // A hold awaiting renewal ends with the booking too: its old authorization is voided if it
  // still lives, and a renewal approved later is refused (completeHoldRenewal).
  const holdLive = b.hold_state === "active" || b.hold_state === "renewal_needed";
  if (holdLive && b.hold_authorization_id) {
    const authorizationId = b.hold_authorization_id;
    let status = "VOIDED";
    try {
      await deps.payments.voidAuthorization(authorizationId, requestIds.void(authorizationId));
    } catch (error) {
      if (!gone(error)) throw error;
      status = "EXPIRED";
    }
    await recordMovement(deps, b, "void", b.remainder_cents, authorizationId, status);
    await q.patchBooking(deps.database.db, b.id, ENDED, { hold_state: "voided" }, deps.now());
  }
  const refund = b.deposit_refund_cents ?? 0;
  const ledger = await q.listLedger(deps.database.db, b.id);
  let refundedCents = 0;
  if (refund > 0 && b.deposit_capture_id && !ledger.some((l) => l.kind === "refund")) {
    const result = await deps.payments.refundCapture(b.deposit_capture_id, {
      amountCents: refund === b.deposit_amount_cents ? null : refund,
      currency: b.currency,
      requestId: requestIds.refund(b.deposit_capture_id),
    });
    await recordMovement(deps, b, "refund", result.amountCents, result.id, result.status);
    refundedCents = result.amountCents;
  }
  await deps.database.db.transaction().execute(async (trx) => {
    await announce(deps, b, b.status as BookingStatus, trx);
    if (refundedCents > 0) await notify(deps, refundNotification(b, refundedCents), trx);
  });
}

/** An unpaid booking's 30 minutes are up: complete it if the buyer did approve, else expire. */
export async function expireUnpaid(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (b?.status !== "pending_payment") return;
  if (b.pay_by && now < b.pay_by) {
    await deps.jobs.send(BOOKING_JOBS.expirePayment, { bookingId }, { startAfter: b.pay_by });
    return;
  }
  if (b.paypal_order_id) {
    await completePayment(deps, b.paypal_order_id);
    const after = await q.findBooking(deps.database.db, bookingId);
    if (after?.status !== "pending_payment") return;
  }
  await applyTransition(deps, b, "paymentLapsed", system, {
    note: "Not paid within 30 minutes",
  });
}

/** A request unanswered for 24 hours, or until its start: void the hold, refund in full. */
export async function expireUnanswered(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (b?.status !== "pending") return;
  if (b.respond_by && now < b.respond_by) {
    await deps.jobs.send(BOOKING_JOBS.expireRequest, { bookingId }, { startAfter: b.respond_by });
    return;
  }
  await applyTransition(deps, b, "requestExpired", system, {
    note: "The creator did not answer in time",
  });
}

/** Keeps the remainder's hold alive until the capture: reauthorize, or ask for a new approval. */
export async function keepHold(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (!b || !["pending", "confirmed"].includes(b.status) || b.hold_state !== "active") return;
  if (!b.hold_authorization_id || !b.hold_honored_until || !b.hold_valid_until) return;
  const capture = captureAt(b.end_time);
  const hold = {
    honoredUntil: b.hold_honored_until,
    validUntil: b.hold_valid_until,
    reauthorized: b.hold_reauthorized,
  };
  if (capture <= hold.honoredUntil) return;
  if (canReauthorize(capture, hold, now)) {
    try {
      const renewed = await deps.payments.reauthorize(b.hold_authorization_id, {
        amountCents: b.remainder_cents,
        currency: b.currency,
        requestId: requestIds.reauthorize(b.hold_authorization_id),
      });
      await recordMovement(
        deps,
        b,
        "reauthorization",
        renewed.amountCents,
        renewed.id,
        renewed.status,
      );
      await deps.database.db.transaction().execute(async (trx) => {
        const patched = await q.patchBooking(
          trx,
          b.id,
          ["pending", "confirmed"],
          {
            hold_authorization_id: renewed.id,
            hold_honored_until: renewed.honoredUntil,
            hold_valid_until: renewed.expiresAt,
            hold_reauthorized: true,
          },
          now,
        );
        if (!patched) return;
        await scheduleHoldCheck(deps, b, renewed, true, trx);
        await announce(deps, b, b.status as BookingStatus, trx);
      });
      return;
    } catch (error) {
      if (!(error instanceof PaymentError) || error.reason === "unavailable") throw error;
    }
  } else if (!hold.reauthorized && capture <= hold.validUntil && now <= hold.honoredUntil) {
    // Too early to reauthorize (the queue ran early): look again once it is allowed.
    await deps.jobs.send(
      BOOKING_JOBS.keepHold,
      { bookingId },
      { startAfter: new Date(hold.honoredUntil.getTime() + 60_000) },
    );
    return;
  }
  await requestHoldRenewal(deps, b);
}

/** The hold cannot be kept: a new order for the remainder, and both parties told. */
export async function requestHoldRenewal(deps: AppDeps, b: q.BookingWithParties) {
  const order = await deps.payments.createOrder({
    requestId: requestIds.renewal(b.id, b.hold_authorization_id ?? "none"),
    referenceId: b.id,
    amountCents: b.remainder_cents,
    currency: b.currency,
    description: `Hold on the remaining balance: ${b.creator_name}`,
    returnUrl: `${siteOrigin(deps.config)}${PAYMENT_RETURN_PATH}`,
    cancelUrl: `${siteOrigin(deps.config)}${PAYMENT_CANCEL_PATH}`,
  });
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    const patched = await q.patchBooking(
      trx,
      b.id,
      ["pending", "confirmed"],
      { hold_state: "renewal_needed", renewal_order_id: order.id },
      now,
    );
    if (!patched) return;
    const status = b.status as BookingStatus;
    await q.insertBookingEvent(trx, {
      bookingId: b.id,
      from: status,
      to: status,
      actor: "system",
      actorUserId: null,
      note: "The payment hold could not be kept; the client was asked to approve it again",
      at: now,
    });
    for (const mail of holdRenewalMails(b, siteOrigin(deps.config)))
      await deps.mailer.send(mail, trx);
    await announce(deps, b, status, trx);
    await notify(deps, holdRenewalNotification(b), trx);
  });
}

/** 24 hours after the session, unless a problem was reported: capture the rest, complete. */
export async function completeSession(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (b?.status !== "confirmed" || problemOpen(b)) return;
  const capture = captureAt(b.end_time);
  if (now < capture) {
    await deps.jobs.send(BOOKING_JOBS.complete, { bookingId }, { startAfter: capture });
    return;
  }
  if (b.hold_state !== "active" || !b.hold_authorization_id) return;
  const authorizationId = b.hold_authorization_id;
  let result: Awaited<ReturnType<typeof deps.payments.captureAuthorization>> | null = null;
  try {
    result = await deps.payments.captureAuthorization(authorizationId, {
      amountCents: b.remainder_cents,
      currency: b.currency,
      finalCapture: true,
      requestId: requestIds.remainder(authorizationId),
    });
  } catch (error) {
    if (!(error instanceof PaymentError) || error.reason === "unavailable") throw error;
  }
  if (result)
    await recordMovement(
      deps,
      b,
      "remainder_capture",
      result.amountCents,
      result.id,
      result.status,
    );
  if (!result || result.status === "DECLINED" || result.status === "FAILED") {
    await requestHoldRenewal(deps, b);
    return;
  }
  await applyTransition(deps, b, "complete", system, {
    note: "Remainder captured after the session",
    patch: { hold_state: "captured", completed_at: now },
  });
}
