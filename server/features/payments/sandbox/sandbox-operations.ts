// The sandbox provider's order and refund operations (holds: sandbox-holds.ts), each run inside
// `once` (sandbox-store.ts): in a transaction, on rows locked for it, at the time `at`. They
// answer like PayPal, refusals included, and return a refusal rather than throw one so that a
// state they found (an order sent back to the buyer after a declined card) is kept.
import { HOLD_LIFETIME } from "../../../../contracts/constants.ts";
import {
  type Authorization,
  type Capture,
  type CreateOrderInput,
  PaymentError,
  type PaymentProvider,
  type Refund,
} from "../provider.ts";
import { insertRow, lockRow, updateRow } from "./sandbox-queries.ts";
import {
  type AuthorizationData,
  type CaptureData,
  newId,
  ORDER_APPROVAL_WINDOW_MS,
  type OrderData,
  type Outcome,
  orderGone,
  type Row,
  refuse,
  type Trx,
} from "./sandbox-store.ts";

type RefundInput = Parameters<PaymentProvider["refundCapture"]>[1];

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The "lapse" test outcome: the hold lasts ten minutes, enough for the deposit capture. */
export const LAPSING_HOLD_MS = 10 * 60 * 1000;
export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

export function checkAmount(amountCents: number, currency: string, expected?: string) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new PaymentError("rejected", "The amount must be a positive number of cents");
  }
  if (!/^[A-Z]{3}$/.test(currency) || (expected && currency !== expected.trim())) {
    throw new PaymentError("rejected", `Currency ${currency} does not match`, "CURRENCY_MISMATCH");
  }
}

/** A new order's row: CREATED, for the buyer to approve within PayPal's window. */
export function newOrderRow(at: Date, input: CreateOrderInput): Row & { data: OrderData } {
  return {
    id: newId("SBX"),
    kind: "order",
    parent_id: null,
    status: "CREATED",
    amount_cents: input.amountCents,
    currency: input.currency,
    data: {
      description: input.description,
      intent: input.intent,
      referenceId: input.referenceId,
      customId: input.customId,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
    },
    expires_at: addMs(at, ORDER_APPROVAL_WINDOW_MS),
  };
}

export async function insertOrder(
  trx: Trx,
  at: Date,
  input: CreateOrderInput,
): Promise<Outcome<string>> {
  const row = newOrderRow(at, input);
  await insertRow(trx, row, at);
  return { ok: row.id };
}

/**
 * The order the buyer approved, ready to be authorized or captured (intent `intent`), or why
 * not. A declined test outcome sends the order back to the buyer to choose again, as PayPal
 * does with INSTRUMENT_DECLINED.
 */
async function approvedOrder(
  trx: Trx,
  at: Date,
  orderId: string,
  intent: OrderData["intent"],
): Promise<{ order: Row; data: OrderData } | { error: PaymentError }> {
  const order = await lockRow(trx, orderId, "order");
  if (!order) return refuse("not_found", `No order ${orderId}`, "RESOURCE_NOT_FOUND");
  // PayPal answers ORDER_EXPIRED to an authorize or capture of an order past its window.
  if (orderGone(order, at)) {
    return refuse("order_expired", `The order ${orderId} has expired`, "ORDER_EXPIRED");
  }
  const data = order.data as OrderData;
  if ((data.intent ?? "AUTHORIZE") !== intent) {
    return refuse(
      "rejected",
      `The order's intent is ${data.intent}`,
      "ACTION_DOES_NOT_MATCH_INTENT",
    );
  }
  if (order.status === "COMPLETED") {
    return refuse("already_done", "The order was already completed", "ORDER_ALREADY_CAPTURED");
  }
  if (order.status !== "APPROVED") {
    return refuse("not_approved", "The buyer has not approved the order", "ORDER_NOT_APPROVED");
  }
  if (data.outcome === "decline") {
    await updateRow(trx, orderId, { status: "CREATED", data: { ...data, outcome: undefined } }, at);
    return refuse(
      "declined",
      "The card was declined (sandbox test outcome)",
      "INSTRUMENT_DECLINED",
    );
  }
  return { order, data };
}

export async function captureOrder(trx: Trx, at: Date, orderId: string): Promise<Outcome<Capture>> {
  const approved = await approvedOrder(trx, at, orderId, "CAPTURE");
  if ("error" in approved) return approved;
  const { order } = approved;
  const capture: Capture = {
    id: newId("SBXCAP"),
    status: "COMPLETED",
    amountCents: order.amount_cents,
  };
  const captureData: CaptureData = { authorizationId: null, orderId, refundedCents: 0 };
  await insertRow(
    trx,
    {
      id: capture.id,
      kind: "capture",
      parent_id: orderId,
      status: capture.status,
      amount_cents: capture.amountCents,
      currency: order.currency,
      data: captureData,
      expires_at: null,
    },
    at,
  );
  await updateRow(trx, orderId, { status: "COMPLETED" }, at);
  return { ok: capture };
}

export async function authorize(
  trx: Trx,
  at: Date,
  orderId: string,
): Promise<Outcome<Authorization>> {
  const approved = await approvedOrder(trx, at, orderId, "AUTHORIZE");
  if ("error" in approved) return approved;
  const { order, data } = approved;
  const lapses = data.outcome === "lapse";
  const honoredUntil = lapses
    ? addMs(at, LAPSING_HOLD_MS)
    : addMs(at, HOLD_LIFETIME.honoredDays * DAY_MS);
  const expiresAt = lapses ? honoredUntil : addMs(at, HOLD_LIFETIME.validDays * DAY_MS);
  const authorization: Authorization = {
    id: newId("SBXAUTH"),
    status: "CREATED",
    amountCents: order.amount_cents,
    honoredUntil,
    expiresAt,
  };
  const authData: AuthorizationData = {
    orderId,
    honoredUntil: honoredUntil.toISOString(),
    capturedCents: 0,
  };
  await insertRow(
    trx,
    {
      id: authorization.id,
      kind: "authorization",
      parent_id: orderId,
      status: "CREATED",
      amount_cents: order.amount_cents,
      currency: order.currency,
      data: authData,
      expires_at: expiresAt,
    },
    at,
  );
  await updateRow(trx, orderId, { status: "COMPLETED" }, at);
  return { ok: authorization };
}

export async function refund(
  trx: Trx,
  at: Date,
  captureId: string,
  input: RefundInput,
): Promise<Outcome<Refund>> {
  const row = await lockRow(trx, captureId, "capture");
  if (!row) return refuse("not_found", `No capture ${captureId}`, "RESOURCE_NOT_FOUND");
  const data = row.data as CaptureData;
  const left = row.amount_cents - data.refundedCents;
  if (row.status === "REFUNDED" || left === 0) {
    return refuse("already_done", "The capture was refunded in full", "CAPTURE_FULLY_REFUNDED");
  }
  const amountCents = input.amountCents ?? left;
  checkAmount(amountCents, input.currency, row.currency);
  if (amountCents > left) {
    return refuse("rejected", `Only ${left} cents are left to refund`, "REFUND_AMOUNT_EXCEEDED");
  }
  const refundedCents = data.refundedCents + amountCents;
  await updateRow(
    trx,
    captureId,
    {
      status: refundedCents === row.amount_cents ? "REFUNDED" : "PARTIALLY_REFUNDED",
      data: { ...data, refundedCents },
    },
    at,
  );
  const refund: Refund = { id: newId("SBXREF"), status: "COMPLETED", amountCents };
  await insertRow(
    trx,
    {
      id: refund.id,
      kind: "refund",
      parent_id: captureId,
      status: refund.status,
      amount_cents: amountCents,
      currency: row.currency,
      data: {},
      expires_at: null,
    },
    at,
  );
  return { ok: refund };
}
