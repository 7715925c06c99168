import type { PayPalConfig } from "../../../config.ts";
import type { Logger } from "../../../platform/logger.ts";
import { PaymentError, type PaymentErrorReason } from "../provider.ts";

// The HTTP side of the PayPal adapter: an OAuth token cached by its expires_in (seconds, not
// milliseconds: cal.com's mistake), PayPal-Request-Id on every API POST, retries that reuse the
// request id (PayPal answers a repeat with the original result, so a retry after a lost answer
// cannot charge twice), and PayPal's error answers turned into PaymentError reasons.

export type PayPalHttpOptions = {
  config: PayPalConfig;
  log: Logger;
  fetch: typeof fetch;
  now: () => Date;
  /** Pauses before the 2nd and 3rd attempt of a call that failed with 5xx, 429 or no answer. */
  retryDelaysMs: readonly number[];
  /** Per attempt; an attempt that times out counts as a network failure. */
  timeoutMs: number;
};

export type PayPalHttp = {
  get(path: string): Promise<unknown>;
  /**
   * `body` undefined sends no body (void). Answers null for 204. `requestId` undefined sends no
   * PayPal-Request-Id: void (PayPal's spec lists none for it) and verifying a webhook.
   */
  post(path: string, body: unknown, requestId: string | undefined): Promise<unknown>;
};

/** Refresh this long before PayPal's expiry (or at half the lifetime for short-lived tokens). */
const TOKEN_MARGIN_MS = 60_000;

type CachedToken = { value: string; refreshAt: number };

// PayPal issue names by meaning (details[].issue in 4xx answers; see the OpenAPI descriptions of
// Orders v2 and Payments v2). Anything else in a 4xx is "rejected".
const ISSUE_REASONS: Record<string, PaymentErrorReason> = {
  INSTRUMENT_DECLINED: "declined",
  PAYER_CANNOT_PAY: "declined",
  AUTHORIZATION_DENIED: "declined",
  TRANSACTION_REFUSED: "declined",
  PAYMENT_SOURCE_DECLINED_BY_PROCESSOR: "declined",
  PAYMENT_SOURCE_CANNOT_BE_USED: "declined",
  PAYER_ACCOUNT_LOCKED_OR_CLOSED: "declined",
  PAYER_ACCOUNT_RESTRICTED: "declined",
  ORDER_NOT_APPROVED: "not_approved",
  PAYER_ACTION_REQUIRED: "not_approved",
  AUTHORIZATION_EXPIRED: "authorization_expired",
  AUTHORIZATION_VOIDED: "authorization_expired",
  ORDER_EXPIRED: "order_expired",
  AUTHORIZATION_ALREADY_CAPTURED: "already_done",
  PREVIOUSLY_CAPTURED: "already_done",
  PREVIOUSLY_VOIDED: "already_done",
  ORDER_ALREADY_AUTHORIZED: "already_done",
  ORDER_ALREADY_CAPTURED: "already_done",
  ORDER_COMPLETED_OR_VOIDED: "already_done",
  CAPTURE_FULLY_REFUNDED: "already_done",
  DUPLICATE_INVOICE_ID: "already_done",
  RESOURCE_NOT_FOUND: "not_found",
  INVALID_RESOURCE_ID: "not_found",
};

type PayPalErrorBody = {
  name?: string;
  message?: string;
  details?: { issue?: string; link?: { href?: string }[] }[];
  links?: { rel?: string; href?: string }[];
};

/**
 * A PaymentError made from PayPal's error answer, keeping what the adapter itself may need to
 * act on: the HTTP status and every link the answer carries (details[].link, then links).
 */
export class PayPalApiError extends PaymentError {
  constructor(
    reason: PaymentErrorReason,
    message: string,
    providerIssue: string | undefined,
    link: string | undefined,
    payerActionUrl: string | undefined,
    readonly status: number,
    /** Every href in the answer: details[].link[] first (PayPal's live answers), then links[]. */
    readonly links: readonly string[],
  ) {
    super(reason, message, providerIssue, link, payerActionUrl);
  }
}

export function paymentErrorFrom(status: number, body: unknown, what: string): PayPalApiError {
  const error = (typeof body === "object" && body ? body : {}) as PayPalErrorBody;
  const issue = error.details?.find((d) => typeof d.issue === "string")?.issue ?? error.name;
  const message = `PayPal ${what}: ${status} ${issue ?? error.message ?? "no detail"}`;
  const detailLinks = (Array.isArray(error.details) ? error.details : []).flatMap((d) =>
    Array.isArray(d?.link) ? d.link : [],
  );
  const topLinks = Array.isArray(error.links) ? error.links : [];
  const links = [...detailLinks, ...topLinks]
    .map((l) => l?.href)
    .filter((href): href is string => typeof href === "string" && href.length > 0);
  const link = detailLinks.find((l) => l?.href)?.href;
  // A declined funding source: PayPal links the page where the buyer picks another one.
  const payerAction = topLinks.find((l) => l?.rel === "payer-action" || l?.rel === "redirect");
  const make = (reason: PaymentErrorReason, payerActionUrl?: string) =>
    new PayPalApiError(reason, message, issue, link, payerActionUrl, status, links);
  if (status >= 500) return make("unavailable");
  const mapped = issue ? ISSUE_REASONS[issue] : undefined;
  if (mapped) return make(mapped, payerAction?.href);
  if (status === 404) return make("not_found");
  return make("rejected");
}

class Retryable extends Error {}

export function createPayPalHttp(options: PayPalHttpOptions): PayPalHttp {
  const { config, log, now } = options;
  let token: CachedToken | null = null;
  let tokenRequest: Promise<CachedToken> | null = null;

  async function fetchToken(): Promise<CachedToken> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const res = await options.fetch(`${config.apiBase}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const body = (await res.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (res.status >= 500 || res.status === 429) throw new Retryable(`token: ${res.status}`);
    if (!res.ok || typeof body?.access_token !== "string" || typeof body.expires_in !== "number") {
      // Wrong credentials are an operator's problem, not the buyer's: retry later once fixed.
      log.error({ status: res.status }, "PayPal refused our client credentials");
      throw new PaymentError("unavailable", `PayPal token: ${res.status}`, "invalid_client");
    }
    const lifetimeMs = body.expires_in * 1000;
    const margin = Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2);
    return { value: body.access_token, refreshAt: now().getTime() + lifetimeMs - margin };
  }

  async function accessToken(): Promise<string> {
    if (token && now().getTime() < token.refreshAt) return token.value;
    // Concurrent callers share one token request.
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    token = await tokenRequest;
    return token.value;
  }

  /** One attempt; a 401 drops the token and tries once more with a fresh one. */
  async function attempt(method: string, path: string, body: unknown, requestId?: string) {
    for (let auth = 0; ; auth++) {
      const bearer = await accessToken();
      const headers: Record<string, string> = {
        Authorization: `Bearer ${bearer}`,
        Accept: "application/json",
        Prefer: "return=representation",
      };
      if (requestId) headers["PayPal-Request-Id"] = requestId;
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const res = await options.fetch(`${config.apiBase}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await res.text();
      const json = text ? safeJson(text) : null;
      if (res.status === 401 && auth === 0) {
        if (token?.value === bearer) token = null;
        continue;
      }
      // 409 is PREVIOUS_REQUEST_IN_PROGRESS: the same request id is still being worked on.
      if (res.status >= 500 || res.status === 429 || res.status === 409) {
        throw new Retryable(`${method} ${path}: ${res.status}`);
      }
      if (res.status === 401) throw new PaymentError("unavailable", `PayPal ${path}: 401 twice`);
      if (!res.ok) throw paymentErrorFrom(res.status, json, `${method} ${path}`);
      return json;
    }
  }

  async function call(method: string, path: string, body: unknown, requestId?: string) {
    const delays = options.retryDelaysMs;
    for (let i = 0; ; i++) {
      try {
        return await attempt(method, path, body, requestId);
      } catch (error) {
        if (error instanceof PaymentError) throw error;
        // Retryable answers, network errors and timeouts all land here.
        const delay = delays[i];
        log.warn({ err: error, path, requestId, attempt: i + 1 }, "PayPal call failed");
        if (delay === undefined) {
          throw new PaymentError("unavailable", `PayPal ${method} ${path} failed: ${error}`);
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  return {
    get: (path) => call("GET", path, undefined),
    post: (path, body, requestId) => call("POST", path, body, requestId),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
