import { randomInt } from "node:crypto";

// The fake PayPal's objects and the time rules PayPal states for them. Amounts are integer cents
// inside; representation.ts turns them into PayPal's decimal strings.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** An authorization is honoured 3 days, valid 29 (Payments v2, authorizations.reauthorize). */
export const HONOR_DAYS = 3;
export const VALID_DAYS = 29;
/**
 * Orders v2 (order.links): the buyer must be sent within 3 hours of creating the order, then has
 * 3 hours to approve, and the order must be authorized or captured within those 3 hours. The
 * fake's rule: an order not approved within 3 h of its creation expires; an approved order not
 * authorized/captured within 3 h of its (last) approval expires.
 */
export const ORDER_WINDOW_MS = 3 * HOUR_MS;
/** How long PayPal keeps a PayPal-Request-Id (each API's `paypal_request_id` parameter). */
export const REQUEST_ID_RETENTION_MS = {
  orders: 6 * HOUR_MS,
  payments: 45 * DAY_MS,
  payouts: 30 * DAY_MS,
} as const;

/**
 * The merchant account's settings that change PayPal's answers. All off is a default account:
 * - authCapture: "Authorize and Capture" enabled (else authorize: 422 AUTH_CAPTURE_NOT_ENABLED);
 * - multipleCaptures: more than one capture per authorization (else 422
 *   MAX_CAPTURE_COUNT_EXCEEDED on the second);
 * - reauthorizePartiallyCaptured: an authorization with a capture may be reauthorized (else 422
 *   AUTHORIZATION_ALREADY_CAPTURED; no PayPal document says it may).
 */
export type Capabilities = {
  authCapture: boolean;
  multipleCaptures: boolean;
  reauthorizePartiallyCaptured: boolean;
};

export const DEFAULT_CAPABILITIES: Capabilities = {
  authCapture: false,
  multipleCaptures: false,
  reauthorizePartiallyCaptured: false,
};

export type Intent = "AUTHORIZE" | "CAPTURE";

export type FakeOrder = {
  id: string;
  intent: Intent;
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  /** Set when the order's window passed: GET answers 404, authorize/capture ORDER_EXPIRED. */
  expired: boolean;
  referenceId: string;
  description: string | null;
  customId: string | null;
  invoiceId: string | null;
  amountCents: number;
  currency: string;
  /** "payer-action" when created with payment_source.paypal, else "approve". */
  approveRel: "payer-action" | "approve";
  returnUrl: string | null;
  cancelUrl: string | null;
  createTime: Date;
  updateTime: Date;
  /** The buyer's last approval (the 3-hour window to authorize or capture runs from it). */
  approvedAt: Date | null;
  authorizationIds: string[];
  /** Captures of a CAPTURE order (an AUTHORIZE order's captures hang off its authorizations). */
  captureIds: string[];
};

export type FakeAuthorization = {
  id: string;
  orderId: string;
  status: "CREATED" | "CAPTURED" | "DENIED" | "PARTIALLY_CAPTURED" | "VOIDED" | "PENDING";
  /** Voided by time (29 days), not by a call: captures answer AUTHORIZATION_EXPIRED. */
  lapsed: boolean;
  amountCents: number;
  currency: string;
  createTime: Date;
  updateTime: Date;
  /** 29 days from the original authorization; a reauthorization keeps its parent's. */
  expirationTime: Date;
  /** The authorization this one reauthorizes (null for an original). */
  parentId: string | null;
  /** The original of the chain (itself for an original). */
  rootId: string;
  captureIds: string[];
};

export type FakeCapture = {
  id: string;
  orderId: string;
  /** Null for the capture of a CAPTURE order. */
  authorizationId: string | null;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "FAILED";
  amountCents: number;
  currency: string;
  finalCapture: boolean;
  createTime: Date;
  updateTime: Date;
  refundIds: string[];
};

export type FakeRefund = {
  id: string;
  captureId: string;
  status: "COMPLETED";
  amountCents: number;
  currency: string;
  /** api: POST …/refund; dashboard: refundOutside(); reversal: reverse() (a chargeback). */
  origin: "api" | "dashboard" | "reversal";
  createTime: Date;
  updateTime: Date;
};

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** PayPal-looking ids: 17 upper-case letters and digits. */
export function paypalId(): string {
  return Array.from({ length: 17 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join("");
}

/** At most 115 % of `cents` and at most $75 more (PayPal's US overage and reauthorize rule). */
export const overageCeiling = (cents: number) =>
  Math.min(Math.floor((cents * 115) / 100), cents + 7500);
