import { HOLD_LIFETIME } from "../../../contracts/constants.ts";
import type { PayPalConfig } from "../../config.ts";
import type { Logger } from "../logger.ts";
import { createPayPalHttp } from "./paypal-http.ts";
import { centsToDecimal, decimalToCents } from "./paypal-money.ts";
import { payPalPayouts } from "./paypal-payouts.ts";
import { createWebhookVerifier } from "./paypal-webhooks.ts";
import {
  type Authorization,
  type AuthorizationStatus,
  type Capture,
  type CaptureStatus,
  type Order,
  type OrderStatus,
  PaymentError,
  type PaymentProvider,
  type Refund,
} from "./provider.ts";

// PayPal Orders v2 + Payments v2 behind PaymentProvider (docs/decisions/017). Statuses are read
// from the payment objects, not the order: an order reads COMPLETED even when its capture was
// declined. A capture PayPal answers with status DECLINED comes back as a Capture with that
// status (it is a record PayPal keeps and sends webhooks about), not as a thrown error; a
// DENIED authorization likewise. Callers read the status.

const DAY_MS = 86_400_000;

export type PayPalProviderOptions = {
  config: PayPalConfig;
  log: Logger;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Pauses between attempts of a failing call (tests shorten them). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
};

type Money = { currency_code?: string; value?: string };
type Link = { rel?: string; href?: string };
type RawAuthorization = {
  id: string;
  status: string;
  amount?: Money;
  create_time?: string;
  expiration_time?: string;
};
type RawCapture = { id: string; status: string; amount?: Money };
type RawRefund = { id: string; status: string; amount?: Money };
type RawOrder = {
  id: string;
  status: string;
  links?: Link[];
  purchase_units?: {
    reference_id?: string;
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
  "EXPIRED",
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

function cents(money: Money | undefined): number {
  try {
    return decimalToCents(money?.value ?? "");
  } catch (error) {
    throw new PaymentError("rejected", `PayPal sent an amount we cannot read: ${error}`);
  }
}

/** Joins a path whose every second part is an id, escaping the ids. */
function path(...parts: string[]): string {
  return parts.map((p, i) => (i % 2 ? encodeURIComponent(p) : p)).join("");
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

function captureFrom(raw: RawCapture): Capture {
  return {
    id: raw.id,
    status: known<CaptureStatus>(CAPTURE_STATUSES, raw.status, "capture"),
    amountCents: cents(raw.amount),
  };
}

function orderFrom(raw: RawOrder, now: Date): Order {
  const unit = raw.purchase_units?.[0];
  const status = known<OrderStatus>(ORDER_STATUSES, raw.status, "order");
  // v2 with payment_source.paypal.experience_context links "payer-action"; the older
  // application_context links "approve". Either is the buyer's page while approval is pending.
  const approve = raw.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
  const awaiting = status === "CREATED" || status === "PAYER_ACTION_REQUIRED";
  return {
    id: raw.id,
    status,
    amountCents: cents(unit?.amount),
    currency: unit?.amount?.currency_code ?? "USD",
    referenceId: unit?.reference_id ?? null,
    approveUrl: awaiting ? (approve?.href ?? null) : null,
    authorizations: (unit?.payments?.authorizations ?? []).map((a) => authorizationFrom(a, now)),
    captures: (unit?.payments?.captures ?? []).map(captureFrom),
  };
}

export function createPayPalProvider(options: PayPalProviderOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const fetchFn = options.fetch ?? fetch;
  const http = createPayPalHttp({
    config: options.config,
    log: options.log,
    fetch: fetchFn,
    now,
    retryDelaysMs: options.retryDelaysMs ?? [200, 600],
    timeoutMs: options.timeoutMs ?? 20_000,
  });
  const verifyWebhook = createWebhookVerifier({
    config: options.config,
    log: options.log,
    fetch: fetchFn,
    now,
  });
  const money = (amountCents: number, currency: string) => ({
    currency_code: currency,
    value: centsToDecimal(amountCents),
  });

  return {
    name: "paypal",

    async createOrder(input) {
      const raw = await http.post(
        "/v2/checkout/orders",
        {
          intent: "AUTHORIZE",
          purchase_units: [
            {
              reference_id: input.referenceId,
              // PayPal's limit is 127 characters; Array.from keeps emoji (surrogate pairs) whole.
              description: Array.from(input.description).slice(0, 127).join(""),
              amount: money(input.amountCents, input.currency),
            },
          ],
          // experience_context replaces the deprecated application_context in Orders v2.
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                shipping_preference: "NO_SHIPPING",
              },
            },
          },
        },
        input.requestId,
      );
      return orderFrom(raw as RawOrder, now());
    },

    async getOrder(orderId) {
      return orderFrom((await http.get(path("/v2/checkout/orders/", orderId))) as RawOrder, now());
    },

    async authorizeOrder(orderId, requestId) {
      const raw = (await http.post(
        path("/v2/checkout/orders/", orderId, "/authorize"),
        {},
        requestId,
      )) as RawOrder;
      const authorizations = raw.purchase_units?.[0]?.payments?.authorizations ?? [];
      const latest = authorizations.at(-1);
      if (!latest)
        throw new PaymentError("rejected", `PayPal authorized ${orderId} without a hold`);
      return authorizationFrom(latest, now());
    },

    async captureAuthorization(authorizationId, input) {
      const raw = await http.post(
        path("/v2/payments/authorizations/", authorizationId, "/capture"),
        { amount: money(input.amountCents, input.currency), final_capture: input.finalCapture },
        input.requestId,
      );
      return captureFrom(raw as RawCapture);
    },

    async voidAuthorization(authorizationId, requestId) {
      await http.post(
        path("/v2/payments/authorizations/", authorizationId, "/void"),
        undefined,
        requestId,
      );
    },

    async reauthorize(authorizationId, input) {
      const raw = await http.post(
        path("/v2/payments/authorizations/", authorizationId, "/reauthorize"),
        { amount: money(input.amountCents, input.currency) },
        input.requestId,
      );
      return authorizationFrom(raw as RawAuthorization, now());
    },

    async refundCapture(captureId, input) {
      // An empty body refunds what is left of the capture.
      const body =
        input.amountCents === null ? {} : { amount: money(input.amountCents, input.currency) };
      const raw = (await http.post(
        path("/v2/payments/captures/", captureId, "/refund"),
        body,
        input.requestId,
      )) as RawRefund;
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
    },

    verifyWebhook,
    ...payPalPayouts(http),
  };
}
