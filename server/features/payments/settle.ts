import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { settledHandlers } from "./handlers.ts";
import { bookingMoney, captureRef, recordMovement, takenBackOn } from "./ledger.ts";
import { PaymentError } from "./provider.ts";
import { paymentProvider } from "./provider-of.ts";
import * as q from "./queries.ts";
import { requestIds } from "./request-ids.ts";

// Money going back: holds released and captured money refunded, when a booking ends (its
// settlement, run by a job after the transition commits) or when money arrived for something
// that had ended meanwhile (giveBack). Each refund checks the ledger first and carries a request
// id derived from the capture and what it gives back, so a retry never refunds twice.

export const SETTLE_BOOKING_JOB = "payments.settle-booking";

export type Settlement = {
  bookingId: string;
  /** What the client gets back of the deposit (the transition's policy decided it). */
  depositRefundCents: number;
  /** Whether a balance already captured goes back in full (the session will not happen). */
  refundRemainder: boolean;
};

/**
 * Queues a booking's settlement in the caller's transaction (the transition's own). Orders the
 * client has not approved yet are dropped at once, in that transaction: an approval arriving
 * after the booking ended then takes nothing.
 */
export async function requestSettlement(deps: AppDeps, trx: Kysely<DB>, settlement: Settlement) {
  await q.cancelUnapprovedOrders(trx, settlement.bookingId, deps.now());
  await deps.jobs.send(SETTLE_BOOKING_JOB, settlement, { executor: trx });
}

/** "Already voided" and "already expired" both mean the hold is gone: nothing left to do. */
const gone = (error: unknown) =>
  error instanceof PaymentError &&
  (error.reason === "already_done" || error.reason === "authorization_expired");

/** Voids a hold at the provider: "VOIDED", or "LAPSED" when it was already gone. */
export async function voidHold(deps: AppDeps, authorizationId: string) {
  try {
    await paymentProvider(deps).voidAuthorization(
      authorizationId,
      requestIds.voidHold(authorizationId),
    );
    return "VOIDED";
  } catch (error) {
    if (!gone(error)) throw error;
    return "LAPSED";
  }
}

/** Voids a held order; a hold already gone counts as released. */
export async function release(deps: AppDeps, order: q.PaymentOrderRow) {
  if (
    order.status === "awaiting_buyer" ||
    order.status === "creating" ||
    order.status === "approved"
  ) {
    await q.patchOrder(
      deps.database.db,
      order.id,
      [order.status],
      { status: "cancelled" },
      deps.now(),
    );
    return;
  }
  if (order.status !== "authorized" || !order.authorization_id) return;
  const authorizationId = order.authorization_id;
  const status = await voidHold(deps, authorizationId);
  await deps.database.db.transaction().execute(async (trx) => {
    const voided = await q.patchOrder(
      trx,
      order.id,
      ["authorized"],
      { status: "voided" },
      deps.now(),
    );
    if (!voided) return;
    await recordMovement(deps, trx, voided, {
      kind: "void",
      amountCents: order.amount_cents,
      providerRef: authorizationId,
      status,
    });
  });
}

async function refund(
  deps: AppDeps,
  order: Pick<q.PaymentOrderRow, "id" | "booking_id" | "currency">,
  captureId: string,
  amountCents: number,
  what: "deposit" | "remainder" | "overcapture",
) {
  const result = await paymentProvider(deps).refundCapture(captureId, {
    amountCents,
    currency: order.currency.trim(),
    requestId: requestIds.refund(captureId, what, amountCents),
  });
  const kind = {
    deposit: "refund",
    remainder: "remainder_refund",
    overcapture: "overcapture_refund",
  } as const;
  await recordMovement(deps, deps.database.db, order, {
    kind: kind[what],
    amountCents: result.amountCents,
    providerRef: result.id,
    status: result.status,
  });
  return result.status === "FAILED" ? 0 : result.amountCents;
}

/** What a hail charged above the winner's total goes back at once (CAPTURE-intent hails). */
export async function refundOvercapture(
  deps: AppDeps,
  order: q.PaymentOrderRow,
  captureId: string,
  overCents: number,
) {
  if (overCents <= 0 || !order.booking_id) return;
  const money = await bookingMoney(deps.database.db, order.booking_id);
  if (money.lines.some((l) => l.kind === "overcapture_refund")) return;
  await refund(deps, order, captureId, overCents, "overcapture");
}

/** Money that arrived for something that ended meanwhile goes back in full. */
export async function giveBack(
  deps: AppDeps,
  order: q.PaymentOrderRow,
): Promise<q.PaymentOrderRow> {
  if (order.status === "captured" && order.capture_id) {
    const what = order.purpose === "booking_remainder" ? "remainder" : "deposit";
    await refund(deps, order, order.capture_id, order.amount_cents, what);
  } else {
    await release(deps, order);
  }
  return (await q.findOrder(deps.database.db, order.id)) ?? order;
}

/** A booking ended: its holds are released and what the policy gives back is refunded. */
export async function settleBooking(deps: AppDeps, settlement: Settlement) {
  const db = deps.database.db;
  const orders = await q.ordersOfBooking(db, settlement.bookingId);
  // A payment the provider is still processing can be neither voided nor refunded yet: the
  // job's retries wait for it to settle one way or the other.
  if (orders.some((o) => o.status === "pending")) {
    throw new Error(`booking ${settlement.bookingId} has a payment still processing`);
  }
  for (const order of orders) await release(deps, order);
  const money = await bookingMoney(db, settlement.bookingId);
  // The order a capture belongs to (a hail's one capture holds deposit and balance alike).
  const holder = (captureId: string) => orders.find((o) => o.capture_id === captureId) ?? orders[0];
  let refunded = 0;
  // Money PayPal already gave back (a chargeback, a refund in its dashboard) counts toward what
  // is owed: a refund never asks for more than is left on the capture.
  const remainderOrders = new Set(
    orders.filter((o) => o.purpose === "booking_remainder").map((o) => o.id),
  );
  const remainderTakenBack = takenBackOn(money.lines, remainderOrders);
  const depositTakenBack = money.takenBack - remainderTakenBack;
  const depositDue =
    Math.min(settlement.depositRefundCents, money.depositCaptured) -
    money.depositRefunded -
    depositTakenBack;
  const depositCapture = captureRef(money.lines, "deposit_capture");
  const depositHolder = depositCapture ? holder(depositCapture) : undefined;
  if (depositDue > 0 && depositCapture && depositHolder) {
    refunded += await refund(deps, depositHolder, depositCapture, depositDue, "deposit");
  }
  const remainderDue = money.remainderCaptured - money.remainderRefunded - remainderTakenBack;
  const remainderCapture = captureRef(money.lines, "remainder_capture");
  const remainderHolder = remainderCapture ? holder(remainderCapture) : undefined;
  if (settlement.refundRemainder && remainderDue > 0 && remainderCapture && remainderHolder) {
    refunded += await refund(deps, remainderHolder, remainderCapture, remainderDue, "remainder");
  }
  for (const handler of settledHandlers(deps)) await handler(deps, settlement.bookingId, refunded);
}
