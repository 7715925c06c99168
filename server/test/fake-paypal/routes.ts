import type { z } from "zod";
import { errorBody as errorSchema } from "../paypal-schemas/common.ts";
import * as orders from "../paypal-schemas/orders.ts";
import * as payments from "../paypal-schemas/payments.ts";
import * as payouts from "../paypal-schemas/payouts.ts";
import { FakePayPalError } from "./errors.ts";

// The fake PayPal's routes: each path with its API (which sets the PayPal-Request-Id rules),
// the schema its request body must pass and the schemas of its answers.

export type FakeOperation =
  | "token"
  | "createOrder"
  | "getOrder"
  | "authorize"
  | "captureOrder"
  | "getAuthorization"
  | "capture"
  | "void"
  | "reauthorize"
  | "getCapture"
  | "refund"
  | "getRefund"
  | "createPayout"
  | "getPayout"
  | "getPayoutItem";

export type Api = "oauth" | "orders" | "payments" | "payouts";

export type Route = {
  method: "GET" | "POST";
  pattern: RegExp;
  operation: FakeOperation;
  api: Api;
  /** The request body's schema (POSTs). */
  request?: z.ZodType;
  /** The full answer's schema, and the minimal one where Prefer applies. */
  full?: z.ZodType;
  minimal?: z.ZodType;
  /** Whether PayPal-Request-Id makes a repeat answer the first result (the spec lists it). */
  idempotent?: boolean;
};

const ID = "([A-Za-z0-9-]+)";
const route = (method: Route["method"], path: string, rest: Omit<Route, "method" | "pattern">) => ({
  method,
  pattern: new RegExp(`^${path.replaceAll("{id}", ID)}$`),
  ...rest,
});

export const ROUTES: Route[] = [
  route("POST", "/v1/oauth2/token", { operation: "token", api: "oauth" }),
  route("POST", "/v2/checkout/orders", {
    operation: "createOrder",
    api: "orders",
    request: orders.createOrderRequest,
    full: orders.order,
    minimal: orders.orderMinimal,
    idempotent: true,
  }),
  route("GET", "/v2/checkout/orders/{id}", {
    operation: "getOrder",
    api: "orders",
    full: orders.order,
  }),
  route("POST", "/v2/checkout/orders/{id}/authorize", {
    operation: "authorize",
    api: "orders",
    request: orders.authorizeOrderRequest,
    full: orders.order,
    minimal: orders.orderMinimal,
    idempotent: true,
  }),
  route("POST", "/v2/checkout/orders/{id}/capture", {
    operation: "captureOrder",
    api: "orders",
    request: orders.captureOrderRequest,
    full: orders.order,
    minimal: orders.orderMinimal,
    idempotent: true,
  }),
  route("GET", "/v2/payments/authorizations/{id}", {
    operation: "getAuthorization",
    api: "payments",
    full: payments.authorization,
  }),
  route("POST", "/v2/payments/authorizations/{id}/capture", {
    operation: "capture",
    api: "payments",
    request: payments.captureRequest,
    full: payments.capture,
    minimal: payments.captureMinimal,
    idempotent: true,
  }),
  // The spec lists no PayPal-Request-Id for void: a repeat is a second void.
  route("POST", "/v2/payments/authorizations/{id}/void", {
    operation: "void",
    api: "payments",
    request: payments.voidRequest,
    full: payments.authorization,
  }),
  route("POST", "/v2/payments/authorizations/{id}/reauthorize", {
    operation: "reauthorize",
    api: "payments",
    request: payments.reauthorizeRequest,
    full: payments.authorization,
    minimal: payments.authorizationMinimal,
    idempotent: true,
  }),
  route("GET", "/v2/payments/captures/{id}", {
    operation: "getCapture",
    api: "payments",
    full: payments.capture,
  }),
  route("POST", "/v2/payments/captures/{id}/refund", {
    operation: "refund",
    api: "payments",
    request: payments.refundRequest,
    full: payments.refund,
    minimal: payments.refundMinimal,
    idempotent: true,
  }),
  route("GET", "/v2/payments/refunds/{id}", {
    operation: "getRefund",
    api: "payments",
    full: payments.refund,
  }),
  route("POST", "/v1/payments/payouts", {
    operation: "createPayout",
    api: "payouts",
    request: payouts.createPayoutRequest,
    full: payouts.payoutCreated,
    idempotent: true,
  }),
  route("GET", "/v1/payments/payouts/{id}", {
    operation: "getPayout",
    api: "payouts",
    full: payouts.payoutBatch,
  }),
  route("GET", "/v1/payments/payouts-item/{id}", {
    operation: "getPayoutItem",
    api: "payouts",
    full: payouts.payoutItem,
  }),
];

export function findRoute(method: string, path: string): { route: Route; id: string } | null {
  for (const r of ROUTES) {
    const match = r.method === method ? r.pattern.exec(path) : null;
    if (match) return { route: r, id: match[1] ?? "" };
  }
  return null;
}

/** The schema an answer of `route` with `status` must pass (null: nothing to check). */
export function answerSchema(route: Route, status: number, minimal: boolean): z.ZodType | null {
  if (status >= 400) return route.api === "payouts" ? payouts.payoutError : errorSchema;
  if (status === 204) return null;
  return (minimal ? route.minimal : undefined) ?? route.full ?? null;
}

/** Integer cents of a request's money ({ value } already checked by the schema), or null. */
export function cents(amount: unknown): number | null {
  if (amount === undefined) return null;
  const value = (amount as { value?: unknown } | null)?.value;
  const match = typeof value === "string" ? /^(\d+)(?:\.(\d{2}))?$/.exec(value) : null;
  if (!match) throw new FakePayPalError(422, "DECIMAL_PRECISION");
  return Number(match[1]) * 100 + Number(match[2] ?? "0");
}
