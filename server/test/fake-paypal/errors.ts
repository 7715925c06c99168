import { randomBytes } from "node:crypto";
import { ERROR_NAMES } from "../paypal-schemas/common.ts";
import type { PayPalDetail } from "../paypal-schemas/issues.ts";

// PayPal's error answers: { name, message, debug_id, details[{ issue, description, … }],
// links }. The names per status and the issue descriptions are the specs' (error_4xx schemas and
// the anyOf lists of each operation's 4xx answer).

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: "Request is not well-formed, syntactically incorrect, or violates schema.",
  AUTHENTICATION_FAILURE:
    "Authentication failed due to missing authorization header, or invalid authentication credentials.",
  RESOURCE_NOT_FOUND: "The specified resource does not exist.",
  RESOURCE_CONFLICT: "The server has detected a conflict while processing this request.",
  UNPROCESSABLE_ENTITY:
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
  INTERNAL_SERVER_ERROR: "An internal server error has occurred.",
};

/** details[].description for the issues the fake answers (abridged from the specs). */
const DESCRIPTIONS: Record<string, string> = {
  ACTION_DOES_NOT_MATCH_INTENT: "The order's intent does not allow this action.",
  AUTH_CAPTURE_NOT_ENABLED:
    "Authorization and Capture feature is not enabled for the merchant. Make sure that the recipient of the funds is a verified business account.",
  AUTHORIZATION_ALREADY_CAPTURED: "Authorization has previously been captured.",
  AUTHORIZATION_DENIED: "An denied authorization cannot be captured.",
  AUTHORIZATION_EXPIRED: "An expired authorization cannot be captured.",
  AUTHORIZATION_VOIDED: "A voided authorization cannot be captured or reauthorized.",
  CANNOT_BE_VOIDED:
    "A reauthorization cannot be voided. Please void the original parent authorization.",
  CANNOT_BE_ZERO_OR_NEGATIVE: "Must be greater than zero.",
  DECIMAL_PRECISION:
    "If the currency supports decimals, only two decimal place precision is supported.",
  INSTRUMENT_DECLINED:
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  INVALID_RESOURCE_ID:
    "Specified resource ID does not exist. Please check the resource ID and try again.",
  MAX_CAPTURE_AMOUNT_EXCEEDED: "Capture amount exceeds allowable limit.",
  MAX_CAPTURE_COUNT_EXCEEDED:
    "Maxmimum number of allowable captures has been reached. No additional captures are possible for this authorization.",
  ORDER_ALREADY_AUTHORIZED:
    "Order already authorized.If 'intent=AUTHORIZE' only one authorization per order is allowed.",
  ORDER_ALREADY_CAPTURED:
    "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  ORDER_EXPIRED: "Order is expired and hence cannot be authorized.",
  ORDER_NOT_APPROVED: "Payer has not yet approved the Order for payment.",
  PREVIOUS_REQUEST_IN_PROGRESS: "A previous request on this resource is currently in progress.",
  PREVIOUSLY_CAPTURED: "Authorization has been previously captured and hence cannot be voided.",
  PREVIOUSLY_VOIDED: "Authorization has been previously voided and hence cannot be voided again.",
  REAUTHORIZATION_NOT_SUPPORTED:
    "A reauthorize cannot be attempted on an authorization_id that is the result of a prior reauthorization.",
  REFUND_AMOUNT_EXCEEDED:
    "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
};

type ErrorLink = { href: string; rel: string; method?: "GET" | "POST" };

/** A PayPal error answer: HTTP status, the details[].issue and, optionally, more. */
export class FakePayPalError extends Error {
  readonly errorName: string;
  constructor(
    readonly status: number,
    readonly issue: string,
    errorName?: string,
    readonly extra: { links?: ErrorLink[]; details?: PayPalDetail[]; description?: string } = {},
  ) {
    super(issue);
    this.errorName = errorName ?? ERROR_NAMES[status] ?? "UNPROCESSABLE_ENTITY";
  }
}

export const debugId = () => randomBytes(6).toString("hex");

export function errorBody(error: FakePayPalError) {
  const description = error.extra.description ?? DESCRIPTIONS[error.issue] ?? error.issue;
  return {
    name: error.errorName,
    message: MESSAGES[error.errorName] ?? error.errorName,
    debug_id: debugId(),
    details: error.extra.details ?? [{ issue: error.issue, description }],
    links: [
      {
        href: `https://developer.paypal.com/docs/api/orders/v2/#error-${error.issue}`,
        rel: "information_link",
        method: "GET" as const,
      },
      ...(error.extra.links ?? []),
    ],
  };
}
