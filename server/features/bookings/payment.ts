import type { Kysely } from "kysely";
import { BOOKING_TIMINGS } from "../../../contracts/constants.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import type { DB } from "../../db/schema.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { type Authorization, type Order, PaymentError } from "../../platform/payments/provider.ts";
import { captureAt, nextHoldCheck } from "./holds.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { awaitingBuyer, recordMovement } from "./ledger.ts";
import { sessionWhen } from "./mails.ts";
import * as q from "./queries.ts";
import { requestIds } from "./request-ids.ts";
import { announce, applyTransition } from "./transition.ts";

export const PAYMENT_RETURN_PATH = "/api/payments/return";
export const PAYMENT_CANCEL_PATH = "/api/payments/cancel";

/** Creates the provider order for the booking's total (intent AUTHORIZE). Safe to repeat. */
export async function createPaymentOrder(deps: AppDeps, booking: q.BookingWithParties) {
  const origin = siteOrigin(deps.config);
  const order = await deps.payments.createOrder({
    requestId: requestIds.order(booking.id),
    referenceId: booking.id,
    amountCents: booking.total_amount_cents,
    currency: booking.currency,
    description: `${booking.creator_name}: ${booking.event_type ?? "Session"}, ${sessionWhen(booking)}`,
    returnUrl: `${origin}${PAYMENT_RETURN_PATH}`,
    cancelUrl: `${origin}${PAYMENT_CANCEL_PATH}`,
  });
  await q.patchBooking(
    deps.database.db,
    booking.id,
    ["pending_payment"],
    { paypal_order_id: order.id },
    deps.now(),
  );
  return order;
}

/** The order as the browser opens it: the spec reads links[] for rel "approve". */
export function orderForBrowser(order: Order) {
  return {
    id: order.id,
    links: order.approveUrl ? [{ rel: "approve", href: order.approveUrl }] : [],
  };
}

async function findByOrder(deps: AppDeps, orderId: string) {
  const ref = await q.findBookingByOrder(deps.database.db, orderId);
  if (!ref) throw new AppError("not_found", "No booking has this payment order");
  const booking = await q.findBooking(deps.database.db, ref.id);
  if (!booking) throw new AppError("not_found", "No booking has this payment order");
  return booking;
}

/**
 * The buyer approved an order (return URL, webhook or the expiry job noticed): authorize it,
 * capture the deposit, keep the rest held, and hand the request to the creator. Everything is
 * re-read from the provider and every step is idempotent, so the return URL and a webhook may
 * both run it, in either order, at once.
 */
export async function completePayment(deps: AppDeps, orderId: string): Promise<q.BookingRow> {
  const booking = await findByOrder(deps, orderId);
  if (booking.renewal_order_id === orderId) return completeHoldRenewal(deps, booking, orderId);
  if (booking.status !== "pending_payment") return booking;
  const order = await deps.payments.getOrder(orderId);
  if (awaitingBuyer(order)) return booking;
  const system = { role: "system" as const, userId: null };

  let authorization: Authorization;
  try {
    authorization =
      order.authorizations.at(-1) ??
      (await deps.payments.authorizeOrder(orderId, requestIds.authorize(orderId)));
  } catch (error) {
    if (!(error instanceof PaymentError) || error.reason === "unavailable") throw error;
    await applyTransition(deps, booking, "paymentCancelled", system, {
      note: `The payment was not authorized: ${error.message}`,
    });
    return booking;
  }
  const db = deps.database.db;
  await recordMovement(
    deps,
    booking,
    "authorization",
    authorization.amountCents,
    authorization.id,
    authorization.status,
  );

  const capture = await deps.payments
    .captureAuthorization(authorization.id, {
      amountCents: booking.deposit_amount_cents,
      currency: booking.currency,
      finalCapture: false,
      requestId: requestIds.deposit(booking.id),
    })
    .catch((error: unknown) => {
      if (error instanceof PaymentError && error.reason !== "unavailable") return null;
      throw error;
    });
  if (!capture || capture.status === "DECLINED" || capture.status === "FAILED") {
    if (capture) {
      await recordMovement(
        deps,
        booking,
        "deposit_capture",
        capture.amountCents,
        capture.id,
        capture.status,
      );
    }
    await voidQuietly(deps, booking, authorization.id);
    await applyTransition(deps, booking, "paymentCancelled", system, {
      note: "The deposit could not be charged; nothing was taken",
    });
    return booking;
  }
  await recordMovement(
    deps,
    booking,
    "deposit_capture",
    capture.amountCents,
    capture.id,
    capture.status,
  );

  const now = deps.now();
  const respondBy = new Date(
    Math.min(
      now.getTime() + BOOKING_TIMINGS.responseWindowHours * 60 * 60 * 1000,
      booking.start_time.getTime(),
    ),
  );
  const hold = {
    deposit_capture_id: capture.id,
    hold_authorization_id: authorization.id,
    hold_state: "active" as const,
    hold_honored_until: authorization.honoredUntil,
    hold_valid_until: authorization.expiresAt,
    hold_reauthorized: false,
  };
  const moved = await db.transaction().execute(async (trx) => {
    const ok = await applyTransition(deps, booking, "paid", system, {
      note: "Deposit captured; the remainder is held",
      patch: { ...hold, respond_by: respondBy },
      trx,
    });
    if (!ok) return false;
    await deps.jobs.send(
      BOOKING_JOBS.expireRequest,
      { bookingId: booking.id },
      { executor: trx, startAfter: respondBy },
    );
    await scheduleHoldCheck(deps, booking, authorization, false, trx);
    return true;
  });
  if (!moved) await refundLatePayment(deps, booking, hold);
  return booking;
}

/** Money that arrived after the booking expired or was cancelled goes back in full. */
async function refundLatePayment(deps: AppDeps, booking: q.BookingRow, hold: q.BookingPatch) {
  await deps.database.db.transaction().execute(async (trx) => {
    const patched = await q.patchBooking(
      trx,
      booking.id,
      ["expired", "cancelled", "declined"],
      { ...hold, deposit_refund_cents: booking.deposit_amount_cents },
      deps.now(),
    );
    if (patched)
      await deps.jobs.send(BOOKING_JOBS.settle, { bookingId: booking.id }, { executor: trx });
  });
}

async function voidQuietly(deps: AppDeps, booking: q.BookingRow, authorizationId: string) {
  try {
    await deps.payments.voidAuthorization(authorizationId, requestIds.void(authorizationId));
    await recordMovement(deps, booking, "void", booking.remainder_cents, authorizationId, "VOIDED");
  } catch (error) {
    if (!(error instanceof PaymentError) || error.reason === "unavailable") throw error;
  }
}

export async function scheduleHoldCheck(
  deps: AppDeps,
  booking: q.BookingRow,
  authorization: Pick<Authorization, "honoredUntil" | "expiresAt">,
  reauthorized: boolean,
  trx: Kysely<DB>,
) {
  const at = nextHoldCheck(captureAt(booking.end_time), {
    honoredUntil: authorization.honoredUntil,
    validUntil: authorization.expiresAt,
    reauthorized,
  });
  if (at)
    await deps.jobs.send(
      BOOKING_JOBS.keepHold,
      { bookingId: booking.id },
      { executor: trx, startAfter: at },
    );
}

/** The client approved a new hold on the remainder: authorize it and drop the old one. */
async function completeHoldRenewal(deps: AppDeps, booking: q.BookingWithParties, orderId: string) {
  const live: readonly BookingStatus[] = ["pending", "confirmed"];
  // A booking that ended meanwhile holds nothing more: its renewal is not authorized.
  if (booking.hold_state !== "renewal_needed" || !live.includes(booking.status as BookingStatus))
    return booking;
  const order = await deps.payments.getOrder(orderId);
  if (awaitingBuyer(order)) return booking;
  const authorization =
    order.authorizations.at(-1) ??
    (await deps.payments.authorizeOrder(orderId, requestIds.authorize(orderId)));
  const db = deps.database.db;
  await recordMovement(
    deps,
    booking,
    "authorization",
    authorization.amountCents,
    authorization.id,
    authorization.status,
  );
  if (booking.hold_authorization_id && booking.hold_authorization_id !== authorization.id) {
    await voidQuietly(deps, booking, booking.hold_authorization_id);
  }
  const now = deps.now();
  const kept = await db.transaction().execute(async (trx) => {
    const patched = await q.patchBooking(
      trx,
      booking.id,
      ["pending", "confirmed"],
      {
        hold_authorization_id: authorization.id,
        hold_state: "active",
        hold_honored_until: authorization.honoredUntil,
        hold_valid_until: authorization.expiresAt,
        hold_reauthorized: false,
      },
      now,
    );
    if (!patched) return false;
    await q.insertBookingEvent(trx, {
      bookingId: booking.id,
      from: booking.status as BookingStatus,
      to: booking.status as BookingStatus,
      actor: "client",
      actorUserId: booking.client_user_id,
      note: "The client approved a new hold on the remaining balance",
      at: now,
    });
    await scheduleHoldCheck(deps, booking, authorization, false, trx);
    // A session already over is completed at once.
    if (captureAt(booking.end_time) <= now && booking.status === "confirmed") {
      await deps.jobs.send(BOOKING_JOBS.complete, { bookingId: booking.id }, { executor: trx });
    }
    await announce(deps, booking, booking.status as BookingStatus, trx);
    return true;
  });
  // The booking ended while the renewal was being authorized: release what was just held.
  if (!kept) await voidQuietly(deps, booking, authorization.id);
  return booking;
}

/** The buyer cancelled at the provider: an unpaid booking is cancelled and its time freed. */
export async function cancelledAtProvider(deps: AppDeps, orderId: string) {
  const booking = await findByOrder(deps, orderId);
  if (booking.status !== "pending_payment" || booking.paypal_order_id !== orderId) return;
  const order = await deps.payments.getOrder(orderId).catch(() => null);
  if (order && !awaitingBuyer(order)) return;
  await applyTransition(
    deps,
    booking,
    "paymentCancelled",
    { role: "client", userId: booking.client_user_id },
    { note: "Payment cancelled at the provider" },
  );
}
