import { FakePayPalError } from "./errors.ts";
import {
  DAY_MS,
  type FakeAuthorization,
  type FakeCapture,
  type FakeRefund,
  HONOR_DAYS,
  overageCeiling,
  paypalId,
} from "./model.ts";
import type { FakePayPalState, Outcome } from "./state.ts";

// Payments v2 rules (openapi/payments_payment_v2.json and the notes gathered in
// /work/shared/notes/payments-facts.md): capture, void, reauthorize and refund an
// authorization's money, and what PayPal does on its own later (settle a PENDING object,
// reverse a capture, a refund made in PayPal's dashboard). Each returns what changed.

const err = (issue: string) => new FakePayPalError(422, issue);

/** Captures that took money or may still (not DECLINED / FAILED). */
function liveCaptures(state: FakePayPalState, authorization: FakeAuthorization): FakeCapture[] {
  return authorization.captureIds
    .map((id) => state.capture(id))
    .filter((c) => c.status !== "DECLINED" && c.status !== "FAILED");
}

const sum = (captures: { amountCents: number }[]) =>
  captures.reduce((s, c) => s + c.amountCents, 0);

/** CAPTURED once a final capture (or the whole amount) is in, PARTIALLY_CAPTURED before. */
function refreshStatus(state: FakePayPalState, authorization: FakeAuthorization) {
  if (!["CREATED", "PARTIALLY_CAPTURED", "CAPTURED"].includes(authorization.status)) return;
  const live = liveCaptures(state, authorization);
  const done = live.some((c) => c.finalCapture) || sum(live) >= authorization.amountCents;
  authorization.status = done ? "CAPTURED" : live.length ? "PARTIALLY_CAPTURED" : "CREATED";
  authorization.updateTime = state.now();
}

/**
 * Refusals shared by capture and reauthorize, in PayPal's words. A lapsed authorization reads
 * VOIDED; capturing it answers AUTHORIZATION_EXPIRED, reauthorizing it AUTHORIZATION_VOIDED
 * (the reauthorize answer lists no EXPIRED issue).
 */
function requireOpen(authorization: FakeAuthorization, lapsedIssue: string) {
  if (authorization.lapsed) throw err(lapsedIssue);
  if (authorization.status === "VOIDED") throw err("AUTHORIZATION_VOIDED");
  if (authorization.status === "DENIED") throw err("AUTHORIZATION_DENIED");
  // A PENDING (under review) authorization cannot be moved yet: PayPal's controls refuse it.
  if (authorization.status === "PENDING") throw err("TRANSACTION_REFUSED");
  if (authorization.status === "CAPTURED") throw err("AUTHORIZATION_ALREADY_CAPTURED");
}

/**
 * POST /v2/payments/authorizations/{id}/capture. No amount captures what is left (and is
 * final). Without "multiple captures" on the account a second capture answers
 * MAX_CAPTURE_COUNT_EXCEEDED; all captures together may reach 115 % (at most +$75) of the
 * authorization, else MAX_CAPTURE_AMOUNT_EXCEEDED.
 */
export function captureAuthorization(
  state: FakePayPalState,
  authorizationId: string,
  input: { amountCents: number | null; currency: string | null; finalCapture: boolean },
  outcome: Outcome,
): FakeCapture {
  const authorization = state.authorization(authorizationId);
  requireOpen(authorization, "AUTHORIZATION_EXPIRED");
  const live = liveCaptures(state, authorization);
  if (live.length > 0 && !state.capabilities.multipleCaptures)
    throw err("MAX_CAPTURE_COUNT_EXCEEDED");
  if (input.currency && input.currency !== authorization.currency) {
    throw err("AUTH_CAPTURE_CURRENCY_MISMATCH");
  }
  const amountCents = input.amountCents ?? Math.max(authorization.amountCents - sum(live), 0);
  if (amountCents <= 0) throw err("CANNOT_BE_ZERO_OR_NEGATIVE");
  if (sum(live) + amountCents > overageCeiling(authorization.amountCents)) {
    throw err("MAX_CAPTURE_AMOUNT_EXCEEDED");
  }
  const now = state.now();
  const capture: FakeCapture = {
    id: paypalId(),
    orderId: authorization.orderId,
    authorizationId,
    status: outcome === "declined" ? "DECLINED" : outcome === "pending" ? "PENDING" : "COMPLETED",
    amountCents,
    currency: authorization.currency,
    finalCapture: input.amountCents === null || input.finalCapture,
    createTime: now,
    updateTime: now,
    refundIds: [],
  };
  state.captures.set(capture.id, capture);
  authorization.captureIds.push(capture.id);
  // A declined capture leaves the hold as it was (the order still reads COMPLETED).
  refreshStatus(state, authorization);
  state.onEvent({
    eventType: `PAYMENT.CAPTURE.${capture.status}`,
    kind: "capture",
    id: capture.id,
  });
  return capture;
}

/**
 * POST /v2/payments/authorizations/{id}/void. A reauthorization cannot be voided
 * (CANNOT_BE_VOIDED: void the parent); voiding the parent voids its reauthorizations too.
 */
export function voidAuthorization(state: FakePayPalState, authorizationId: string) {
  const authorization = state.authorization(authorizationId);
  if (authorization.parentId) throw err("CANNOT_BE_VOIDED");
  if (authorization.status === "CAPTURED") throw err("PREVIOUSLY_CAPTURED");
  if (authorization.status === "VOIDED") throw err("PREVIOUSLY_VOIDED");
  if (authorization.status === "DENIED") throw err("PREVIOUSLY_VOIDED");
  const chain = [...state.authorizations.values()].filter(
    (a) =>
      a.rootId === authorization.rootId &&
      ["CREATED", "PARTIALLY_CAPTURED", "PENDING"].includes(a.status),
  );
  for (const a of chain) {
    a.status = "VOIDED";
    a.updateTime = state.now();
    state.onEvent({ eventType: "PAYMENT.AUTHORIZATION.VOIDED", kind: "authorization", id: a.id });
  }
  return authorization;
}

/**
 * POST /v2/payments/authorizations/{id}/reauthorize: after the 3-day honour period, within the
 * 29 days (several times: Payments v2's description), each at most 115 % and +$75 of the
 * original. A reauthorization cannot itself be reauthorized (REAUTHORIZATION_NOT_SUPPORTED).
 * One with a capture only when the account allows it (else AUTHORIZATION_ALREADY_CAPTURED).
 */
export function reauthorize(
  state: FakePayPalState,
  authorizationId: string,
  input: { amountCents: number | null; currency: string | null },
): FakeAuthorization {
  const original = state.authorization(authorizationId);
  if (original.parentId) throw err("REAUTHORIZATION_NOT_SUPPORTED");
  requireOpen(original, "AUTHORIZATION_VOIDED");
  const captured = sum(liveCaptures(state, original));
  if (captured > 0 && !state.capabilities.reauthorizePartiallyCaptured) {
    throw err("AUTHORIZATION_ALREADY_CAPTURED");
  }
  if (input.currency && input.currency !== original.currency) throw err("AUTH_CURRENCY_MISMATCH");
  const honouredUntil = original.createTime.getTime() + HONOR_DAYS * DAY_MS;
  // PayPal names no issue for "too early"; the fake answers REAUTHORIZATION_NOT_SUPPORTED.
  if (state.now().getTime() < honouredUntil) throw err("REAUTHORIZATION_NOT_SUPPORTED");
  const amountCents = input.amountCents ?? original.amountCents - captured;
  if (amountCents <= 0) throw err("CANNOT_BE_ZERO_OR_NEGATIVE");
  if (captured + amountCents > overageCeiling(original.amountCents)) {
    throw err("AUTHORIZATION_AMOUNT_EXCEEDED");
  }
  const now = state.now();
  const id = paypalId();
  const again: FakeAuthorization = {
    id,
    orderId: original.orderId,
    status: "CREATED",
    lapsed: false,
    amountCents,
    currency: original.currency,
    createTime: now,
    updateTime: now,
    expirationTime: original.expirationTime,
    parentId: original.id,
    rootId: original.rootId,
    captureIds: [],
  };
  state.authorizations.set(id, again);
  state.order(original.orderId).authorizationIds.push(id);
  state.onEvent({ eventType: "PAYMENT.AUTHORIZATION.CREATED", kind: "authorization", id });
  return again;
}

/**
 * A refund of a capture: POST …/refund (origin api), one made in PayPal's dashboard, or a
 * reversal (chargeback). No amount refunds what is left.
 */
export function refundCapture(
  state: FakePayPalState,
  captureId: string,
  input: { amountCents: number | null; currency: string | null },
  origin: FakeRefund["origin"] = "api",
): FakeRefund {
  const capture = state.capture(captureId);
  if (capture.status === "PENDING") throw err("PENDING_CAPTURE");
  if (capture.status === "REFUNDED") throw err("CAPTURE_FULLY_REFUNDED");
  if (capture.status === "DECLINED" || capture.status === "FAILED") throw err("REFUND_NOT_ALLOWED");
  if (input.currency && input.currency !== capture.currency) {
    throw err("REFUND_CAPTURE_CURRENCY_MISMATCH");
  }
  const left = capture.amountCents - refundedCents(state, capture);
  const amountCents = input.amountCents ?? left;
  if (amountCents <= 0) throw err("CANNOT_BE_ZERO_OR_NEGATIVE");
  if (amountCents > left) throw err("REFUND_AMOUNT_EXCEEDED");
  const now = state.now();
  const refund: FakeRefund = {
    id: paypalId(),
    captureId,
    status: "COMPLETED",
    amountCents,
    currency: capture.currency,
    origin,
    createTime: now,
    updateTime: now,
  };
  state.refunds.set(refund.id, refund);
  capture.refundIds.push(refund.id);
  capture.status = amountCents === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
  capture.updateTime = now;
  const eventType = origin === "reversal" ? "PAYMENT.CAPTURE.REVERSED" : "PAYMENT.CAPTURE.REFUNDED";
  state.onEvent({ eventType, kind: "refund", id: refund.id });
  return refund;
}

export function refundedCents(state: FakePayPalState, capture: FakeCapture): number {
  return sum(capture.refundIds.map((id) => state.refund(id)));
}

/**
 * PayPal decides a PENDING authorization or capture, and announces it: a capture →
 * COMPLETED (PAYMENT.CAPTURE.COMPLETED) or DECLINED (PAYMENT.CAPTURE.DENIED); an
 * authorization → CREATED (PAYMENT.AUTHORIZATION.CREATED) or DENIED (PayPal lists no webhook
 * for a denied authorization). Answers the event type, or null when none is sent.
 */
export function settle(
  state: FakePayPalState,
  id: string,
  outcome: "COMPLETED" | "DENIED",
): string | null {
  const capture = state.captures.get(id);
  if (capture) {
    if (capture.status !== "PENDING")
      throw new Error(`capture ${id} is ${capture.status}, not PENDING`);
    capture.status = outcome === "COMPLETED" ? "COMPLETED" : "DECLINED";
    capture.updateTime = state.now();
    const authorization = capture.authorizationId
      ? state.authorization(capture.authorizationId)
      : null;
    if (authorization) refreshStatus(state, authorization);
    const eventType = `PAYMENT.CAPTURE.${outcome}`;
    state.onEvent({ eventType, kind: "capture", id });
    return eventType;
  }
  const authorization = state.authorization(id);
  if (authorization.status !== "PENDING") {
    throw new Error(`authorization ${id} is ${authorization.status}, not PENDING`);
  }
  authorization.status = outcome === "COMPLETED" ? "CREATED" : "DENIED";
  authorization.updateTime = state.now();
  if (outcome === "DENIED") return null;
  state.onEvent({ eventType: "PAYMENT.AUTHORIZATION.CREATED", kind: "authorization", id });
  return "PAYMENT.AUTHORIZATION.CREATED";
}
