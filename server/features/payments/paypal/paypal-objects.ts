import { HOLD_LIFETIME } from "../../../../contracts/constants.ts";
import {
  type Authorization,
  type AuthorizationStatus,
  type Capture,
  type CaptureStatus,
  type Order,
  type OrderIntent,
  type OrderStatus,
  PaymentError,
  type Refund,
} from "../provider.ts";
import { decimalToCents } from "./paypal-money.ts";

// PayPal's JSON for orders, authorizations, captures and refunds (Orders v2, Payments v2),
// read into the provider types. Statuses outside PayPal's documented enums are refused rather
// than guessed at. Statuses are read from the payment objects, not the order: an order reads
// COMPLETED even when its capture was declined.

const DAY_MS = 86_400_000;

type Money = { currency_code?: string; value?: string };
type Link = { rel?: string; href?: string };
export type RawAuthorization = {
  id: string;
  status: string;
  amount?: Money;
  create_time?: string;
  expiration_time?: string;
};
export type RawCapture = { id: string; status: string; amount?: Money };
export type RawRefund = { id: string; status: string; amount?: Money };
export type RawOrder = {
  id: string;
  status: string;
  intent?: string;
  links?: Link[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: Money;
    payments?: { authorizations?: RawAuthorization[]; captures?: RawCapture[] };
  }[];
};

const ORDER_STATUSES = new Set<string>([
  "CREATED",
  "APPROVED",
  "COMPLETED",
  "VOIDED",
  "PAYER_ACTION_REQUIRED",
]);
const AUTHORIZATION_STATUSES = new Set<string>([
  "CREATED",
  "CAPTURED",
  "PARTIALLY_CAPTURED",
  "VOIDED",
  "DENIED",
  "PENDING",
]);
const CAPTURE_STATUSES = new Set<string>([
  "COMPLETED",
  "DECLINED",
  "PENDING",
  "REFUNDED",
  "PARTIALLY_REFUNDED",
  "FAILED",
]);
const REFUND_STATUSES = new Set<string>(["COMPLETED", "PENDING", "FAILED"]);

function known<T extends string>(set: Set<string>, value: string, what: string): T {
  if (!set.has(value)) throw new PaymentError("rejected", `PayPal ${what} status ${value}`, value);
  return value as T;
}

export function cents(money: Money | undefined): number {
  try {
    return decimalToCents(money?.value ?? "");
  } catch (error) {
    throw new PaymentError("rejected", `PayPal sent an amount we cannot read: ${error}`);
  }
}

export function authorizationFrom(raw: RawAuthorization, now: Date): Authorization {
  const created = raw.create_time ? new Date(raw.create_time) : now;
  const expiresAt = raw.expiration_time
    ? new Date(raw.expiration_time)
    : new Date(created.getTime() + HOLD_LIFETIME.validDays * DAY_MS);
  return {
    id: raw.id,
    status: known<AuthorizationStatus>(AUTHORIZATION_STATUSES, raw.status, "authorization"),
    amountCents: cents(raw.amount),
    honoredUntil: new Date(created.getTime() + HOLD_LIFETIME.honoredDays * DAY_MS),
    expiresAt,
  };
}

export function captureFrom(raw: RawCapture): Capture {
  return {
    id: raw.id,
    status: known<CaptureStatus>(CAPTURE_STATUSES, raw.status, "capture"),
    amountCents: cents(raw.amount),
  };
}

export function refundFrom(raw: RawRefund): Refund {
  return {
    id: raw.id,
    // PayPal's CANCELLED refund returned no money: for us it failed.
    status: known<Refund["status"]>(
      REFUND_STATUSES,
      raw.status === "CANCELLED" ? "FAILED" : raw.status,
      "refund",
    ),
    amountCents: cents(raw.amount),
  };
}

export function orderFrom(raw: RawOrder, now: Date): Order {
  const unit = raw.purchase_units?.[0];
  const status = known<OrderStatus>(ORDER_STATUSES, raw.status, "order");
  // experience_context orders link "payer-action"; application_context ones "approve". Either
  // is the buyer's page while approval is pending.
  const approve = raw.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
  const awaiting = status === "CREATED" || status === "PAYER_ACTION_REQUIRED";
  return {
    id: raw.id,
    status,
    intent: raw.intent === "CAPTURE" ? "CAPTURE" : ("AUTHORIZE" as OrderIntent),
    amountCents: cents(unit?.amount),
    currency: unit?.amount?.currency_code ?? "USD",
    referenceId: unit?.reference_id ?? null,
    customId: unit?.custom_id ?? null,
    approveUrl: awaiting ? (approve?.href ?? null) : null,
    authorizations: (unit?.payments?.authorizations ?? []).map((a) => authorizationFrom(a, now)),
    captures: (unit?.payments?.captures ?? []).map(captureFrom),
  };
}
