import type { PayPalConfig } from "../../../config.ts";
import type { Logger } from "../../../platform/logger.ts";
import { PaymentError, type PaymentProvider } from "../provider.ts";
import { createPayPalHttp } from "./paypal-http.ts";
import { centsToDecimal } from "./paypal-money.ts";
import {
  authorizationFrom,
  captureFrom,
  orderFrom,
  type RawAuthorization,
  type RawCapture,
  type RawOrder,
  type RawRefund,
  refundFrom,
} from "./paypal-objects.ts";
import { payPalPayouts } from "./paypal-payouts.ts";
import { createWebhookVerifier } from "./paypal-webhooks.ts";

// PayPal Orders v2 + Payments v2 behind PaymentProvider (docs/decisions/017, 021). A capture
// PayPal answers with status DECLINED comes back as a Capture with that status (a record PayPal
// keeps and sends webhooks about), not as a thrown error; a DENIED authorization likewise.
// Callers read the status. Every POST asks for the full representation (PayPal's default answer
// is minimal) and carries a PayPal-Request-Id, except void, for which PayPal defines none.

export type PayPalProviderOptions = {
  config: PayPalConfig;
  log: Logger;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Pauses between attempts of a failing call (tests shorten them). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
};

/** PayPal's limits on what we send (Orders v2: description and custom_id ≤ 127 characters). */
const DESCRIPTION_MAX = 127;

/** Joins a path whose every second part is an id, escaping the ids. */
function path(...parts: string[]): string {
  return parts.map((p, i) => (i % 2 ? encodeURIComponent(p) : p)).join("");
}

/** Keeps emoji (surrogate pairs) whole. */
const clip = (text: string, max: number) => Array.from(text).slice(0, max).join("");

const money = (amountCents: number, currency: string) => ({
  currency_code: currency,
  value: centsToDecimal(amountCents),
});

type PayPalHttp = ReturnType<typeof createPayPalHttp>;

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
    http,
  });
  return {
    name: "paypal",
    ...orderOperations(http, now),
    ...paymentOperations(http, now),
    verifyWebhook,
    ...payPalPayouts(http),
  };
}

/** Orders v2: create an order, and authorize or capture it once the payer approved it. */
function orderOperations(
  http: PayPalHttp,
  now: () => Date,
): Pick<PaymentProvider, "getOrder" | "createOrder" | "authorizeOrder" | "captureOrder"> {
  return {
    async getOrder(orderId) {
      return orderFrom((await http.get(path("/v2/checkout/orders/", orderId))) as RawOrder, now());
    },

    async createOrder(input) {
      const raw = await http.post(
        "/v2/checkout/orders",
        {
          intent: input.intent,
          purchase_units: [
            {
              reference_id: input.referenceId,
              custom_id: input.customId,
              description: clip(input.description, DESCRIPTION_MAX),
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
                user_action: "PAY_NOW",
              },
            },
          },
        },
        input.requestId,
      );
      return orderFrom(raw as RawOrder, now());
    },

    async authorizeOrder(orderId, requestId) {
      const raw = (await http.post(
        path("/v2/checkout/orders/", orderId, "/authorize"),
        {},
        requestId,
      )) as RawOrder;
      const latest = raw.purchase_units?.[0]?.payments?.authorizations?.at(-1);
      if (!latest)
        throw new PaymentError("rejected", `PayPal authorized ${orderId} without a hold`);
      return authorizationFrom(latest, now());
    },

    async captureOrder(orderId, requestId) {
      const raw = (await http.post(
        path("/v2/checkout/orders/", orderId, "/capture"),
        {},
        requestId,
      )) as RawOrder;
      const latest = raw.purchase_units?.[0]?.payments?.captures?.at(-1);
      if (!latest)
        throw new PaymentError("rejected", `PayPal captured ${orderId} without a capture`);
      return captureFrom(latest);
    },
  };
}

/** Payments v2: holds (authorizations), captures and refunds. */
function paymentOperations(
  http: PayPalHttp,
  now: () => Date,
): Pick<
  PaymentProvider,
  "getAuthorization" | "getCapture" | "captureAuthorization" | "voidAuthorization" | "refundCapture"
> {
  return {
    async getAuthorization(authorizationId) {
      const raw = await http.get(path("/v2/payments/authorizations/", authorizationId));
      return authorizationFrom(raw as RawAuthorization, now());
    },

    async getCapture(captureId) {
      return captureFrom((await http.get(path("/v2/payments/captures/", captureId))) as RawCapture);
    },

    async captureAuthorization(authorizationId, input) {
      const raw = await http.post(
        path("/v2/payments/authorizations/", authorizationId, "/capture"),
        { amount: money(input.amountCents, input.currency), final_capture: input.finalCapture },
        input.requestId,
      );
      return captureFrom(raw as RawCapture);
    },

    // PayPal's void takes no PayPal-Request-Id (authorizations.void lists none): a repeat is a
    // second void and answers PREVIOUSLY_VOIDED (already_done), which callers read as released.
    async voidAuthorization(authorizationId) {
      await http.post(
        path("/v2/payments/authorizations/", authorizationId, "/void"),
        undefined,
        undefined,
      );
    },

    async refundCapture(captureId, input) {
      // An empty body refunds what is left of the capture.
      const body =
        input.amountCents === null ? {} : { amount: money(input.amountCents, input.currency) };
      const raw = await http.post(
        path("/v2/payments/captures/", captureId, "/refund"),
        body,
        input.requestId,
      );
      return refundFrom(raw as RawRefund);
    },
  };
}
