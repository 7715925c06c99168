import { z } from "zod";

// What PayPal's REST APIs share, written from its published OpenAPI descriptions
// (github.com/paypal/paypal-rest-api-specifications, openapi/checkout_orders_v2.json,
// payments_payment_v2.json, payments_payouts_batch_v1.json, notifications_webhooks_v1.json).
// Only the fields our side sends or reads, and those the fake answers, are described; other
// keys pass (PayPal adds fields over time). A check that PayPal answers with a named issue
// carries it in `params` (see issueParams); issues.ts turns zod's issues into PayPal's details.

/** The PayPal issue (details[].issue) a failed check stands for, and PayPal's HTTP status. */
export type IssueParams = { paypalIssue: string; status: 400 | 422 };

type Ctx = z.RefinementCtx;

export function addIssue(ctx: Ctx, paypalIssue: string, status: 400 | 422, message: string) {
  ctx.addIssue({ code: "custom", message, params: { paypalIssue, status } satisfies IssueParams });
}

/**
 * A string of `min`..`max` characters. JSON Schema's maxLength counts code points, so an emoji
 * is one character (PayPal adds that non-ASCII text may fit fewer characters than the limit).
 */
export function text(min: number, max: number) {
  return z.string().superRefine((value, ctx) => {
    const length = Array.from(value).length;
    if (length < min || length > max) {
      addIssue(ctx, "INVALID_STRING_LENGTH", 400, `must be ${min} to ${max} characters`);
    }
  });
}

/** date_time: RFC 3339 with seconds (the spec's pattern). */
export const dateTime = z
  .string()
  .regex(
    /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])[Tt]([0-1][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/,
  );

/** currency_code: three characters (ISO-4217). */
export const currencyCode = z.string().length(3);

/** Currencies without decimals (PayPal's currency codes page). */
const ZERO_DECIMAL = new Set(["HUF", "JPY", "TWD"]);

/** money.value as the spec's pattern allows it (a sign and any decimals), at most 32 long. */
const SPEC_VALUE = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;

/**
 * The checks PayPal makes on an amount it is asked to move: two decimals (none for JPY, HUF,
 * TWD) → else 422 DECIMAL_PRECISION / DECIMALS_NOT_SUPPORTED; greater than zero → else 422
 * CANNOT_BE_ZERO_OR_NEGATIVE; at most 999999999999999.99 → else 422 MAX_VALUE_EXCEEDED.
 */
function checkAmount(currency: string, value: string, ctx: Ctx) {
  if (!SPEC_VALUE.test(value)) return; // reported by the syntax check
  const decimals = value.includes(".") ? (value.split(".")[1] ?? "").length : 0;
  const path = ["value"];
  const add = (paypalIssue: string, message: string) =>
    ctx.addIssue({
      code: "custom",
      message,
      path,
      params: { paypalIssue, status: 422 } satisfies IssueParams,
    });
  if (ZERO_DECIMAL.has(currency) && decimals > 0) {
    add("DECIMALS_NOT_SUPPORTED", `${currency} has no decimals`);
  } else if (!ZERO_DECIMAL.has(currency) && decimals !== 0 && decimals !== 2) {
    add("DECIMAL_PRECISION", "only two decimal places");
  }
  if (Number(value) <= 0) add("CANNOT_BE_ZERO_OR_NEGATIVE", "must be greater than zero");
  // At most 999999999999999.99: 15 digits before the point.
  if ((value.replace(/^-/, "").split(".")[0] ?? "").replace(/^0+/, "").length > 15) {
    add("MAX_VALUE_EXCEEDED", "at most 999999999999999.99");
  }
}

const valueSyntax = z.string().max(32).regex(SPEC_VALUE);

/** Orders / Payments `money` in a request, where PayPal moves it: > 0, two decimals. */
export const amountIn = z
  .object({ currency_code: currencyCode, value: valueSyntax })
  .superRefine((money, ctx) => checkAmount(money.currency_code, money.value, ctx));

/** Payouts `currency` (note: `currency`, not `currency_code`) in a request: > 0, two decimals. */
export const payoutAmountIn = z
  .object({ currency: currencyCode, value: valueSyntax })
  .superRefine((money, ctx) => checkAmount(money.currency, money.value, ctx));

/** What the fake answers: always two decimals (it models two-decimal currencies only). */
export const VALUE_OUT = /^\d{1,15}\.\d{2}$/;
export const moneyOut = z.object({
  currency_code: currencyCode,
  value: z.string().regex(VALUE_OUT),
});

/** link_description: href and rel required; method one of the HTTP verbs. */
export const link = z.object({
  href: z.url(),
  rel: z.string().min(1),
  method: z
    .enum(["GET", "POST", "PUT", "DELETE", "HEAD", "CONNECT", "OPTIONS", "PATCH"])
    .optional(),
});

/** PayPal ids as the fake makes them (the spec's related_ids pattern). */
export const paypalId = z.string().regex(/^[A-Z0-9]+$/);

/** PayPal-Request-Id on Orders v2 (the spec: 1..108; PayPal keeps it 6 h) and Payments v2. */
export const requestIdHeader = z.string().min(1).max(108);
/** PayPal-Request-Id on Payouts v1 (the spec: 1..1000; kept 30 days). */
export const payoutRequestIdHeader = z.string().min(1).max(1000);

/** Prefer: return=minimal (the default) or return=representation. */
export const preferHeader = z
  .string()
  .max(25)
  .regex(/^[a-zA-Z=]*$/);

/** error_details: `issue` required; location body, path or query. */
export const errorDetail = z.object({
  field: z.string().optional(),
  value: z.string().optional(),
  location: z.enum(["body", "path", "query"]).optional(),
  issue: z.string().min(1),
  description: z.string().optional(),
});

/** The standard error answers of Orders and Payments, by HTTP status (error_4xx, error_500). */
export const ERROR_NAMES: Record<number, string> = {
  400: "INVALID_REQUEST",
  401: "AUTHENTICATION_FAILURE",
  403: "NOT_AUTHORIZED",
  404: "RESOURCE_NOT_FOUND",
  409: "RESOURCE_CONFLICT",
  422: "UNPROCESSABLE_ENTITY",
  500: "INTERNAL_SERVER_ERROR",
};

export const errorBody = z.object({
  name: z.string().min(1),
  message: z.string().min(1),
  debug_id: z.string().min(1),
  details: z.array(errorDetail).optional(),
  links: z.array(link.extend({ href: z.string().max(20_000) })).optional(),
});

/** The minimal answer (Prefer: return=minimal, PayPal's default): id, status and links. */
export function minimal<S extends z.ZodType<string>>(status: S) {
  return z.object({ id: paypalId, status, links: z.array(link).min(1) });
}
