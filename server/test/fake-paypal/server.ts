import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PayPalConfig } from "../../config.ts";
import { FakePayouts } from "./payouts.ts";
import { authorizationJson, captureJson, orderJson, refundJson } from "./representation.ts";
import { cents, errorBody, type FakeOperation, ROUTES } from "./routes.ts";
import { createWebhookSigner } from "./signing.ts";
import { FakePayPalError, FakePayPalState } from "./state.ts";
import { buildWebhook, type WebhookDelivery, type WebhookOptions } from "./webhooks.ts";

// A PayPal REST API on loopback for tests: OAuth token, Orders v2 (create, get, authorize) and
// Payments v2 (capture, void, reauthorize, refund), speaking the same HTTP and JSON as PayPal
// closely enough for our adapter. Like PayPal, a POST repeated with the same PayPal-Request-Id
// on the same path answers the first result and does not act twice (always on). Tests steer it
// with approve(), the clock and failNext(); they inspect it through requests and the state.

export type { FakeOperation };

/**
 * declined: authorize → 422 INSTRUMENT_DECLINED, capture → 201 with a DECLINED capture.
 * expired: 422 AUTHORIZATION_EXPIRED (and the authorization reads EXPIRED).
 * server_error: 500 without acting. server_error_after_acting: acts, remembers the answer for
 * the request id, then answers 500 (PayPal acted but the answer was lost).
 * unauthorized: 401 as if the token had been revoked.
 */
export type FailureKind =
  | "declined"
  | "expired"
  | "server_error"
  | "server_error_after_acting"
  | "unauthorized";

export type FakeRequest = {
  method: string;
  path: string;
  operation: FakeOperation | null;
  requestId: string | null;
  headers: Record<string, string>;
  body: string;
};

export type FakePayPalOptions = {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** Seconds, as PayPal's expires_in. */
  tokenExpiresIn?: number;
  now?: () => Date;
};

type Answer = { status: number; body: unknown };

export async function startFakePayPal(options: FakePayPalOptions = {}) {
  const clientId = options.clientId ?? "fake-client-id";
  const clientSecret = options.clientSecret ?? "fake-client-secret";
  const webhookId = options.webhookId ?? "FAKEWEBHOOK1";
  let tokenExpiresIn = options.tokenExpiresIn ?? 32_400;
  let clock = options.now ?? (() => new Date());
  const state = new FakePayPalState(() => clock());
  const payouts = new FakePayouts(() => clock());
  const signer = await createWebhookSigner();
  const tokens = new Map<string, number>();
  const replies = new Map<string, Answer>();
  const failures: { operation: FakeOperation; kind: FailureKind; times: number }[] = [];
  const requests: FakeRequest[] = [];
  let base = "";

  function takeFailure(operation: FakeOperation): FailureKind | null {
    const failure = failures.find((f) => f.operation === operation);
    if (!failure) return null;
    if (--failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
    return failure.kind;
  }

  function issueToken(req: IncomingMessage, body: string): Answer {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      return { status: 401, body: { error: "invalid_client", error_description: "Bad creds" } };
    }
    if (new URLSearchParams(body).get("grant_type") !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type" } };
    }
    const token = `A21AA${randomBytes(24).toString("hex")}`;
    tokens.set(token, clock().getTime() + tokenExpiresIn * 1000);
    return {
      status: 200,
      body: {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-FAKE",
        expires_in: tokenExpiresIn,
        nonce: randomBytes(8).toString("hex"),
      },
    };
  }

  function act(
    operation: FakeOperation,
    id: string,
    input: Record<string, unknown>,
    kind: FailureKind | null,
  ): Answer {
    if (kind === "expired" && id) {
      const authorization = state.authorizations.get(id);
      if (authorization) authorization.status = "EXPIRED";
      throw new FakePayPalError(422, "AUTHORIZATION_EXPIRED");
    }
    const declined = kind === "declined";
    switch (operation) {
      case "createOrder":
        return { status: 201, body: orderJson(base, state, createOrder(input)) };
      case "getOrder":
        return { status: 200, body: orderJson(base, state, state.order(id)) };
      case "authorize":
        state.authorizeOrder(id, declined);
        return { status: 201, body: orderJson(base, state, state.order(id)) };
      case "capture": {
        const amountCents = cents(input.amount);
        const finalCapture = input.final_capture === true;
        const capture = state.captureAuthorization(id, { amountCents, finalCapture }, declined);
        return { status: 201, body: captureJson(base, state, capture) };
      }
      case "void":
        return { status: 200, body: authorizationJson(base, state.voidAuthorization(id)) };
      case "reauthorize": {
        const amountCents = cents(input.amount);
        if (amountCents === null) throw new FakePayPalError(400, "MISSING_REQUIRED_PARAMETER");
        return { status: 201, body: authorizationJson(base, state.reauthorize(id, amountCents)) };
      }
      case "createPayout":
        return payouts.create(base, input);
      case "getPayout":
        return payouts.read(base, id);
      case "refund":
        return {
          status: 201,
          body: refundJson(base, state.refundCapture(id, cents(input.amount))),
        };
      default:
        throw new Error(`no handler for ${operation}`);
    }
  }

  function createOrder(input: Record<string, unknown>) {
    type Unit = {
      reference_id?: string;
      description?: string;
      amount?: { currency_code?: string };
    };
    const units = input.purchase_units as Unit[] | undefined;
    if (input.intent !== "AUTHORIZE") throw new FakePayPalError(422, "UNSUPPORTED_INTENT");
    if (!Array.isArray(units) || units.length !== 1) {
      throw new FakePayPalError(400, "INVALID_PARAMETER_VALUE");
    }
    const unit = units[0] as Unit;
    const amountCents = cents(unit.amount);
    if (!amountCents) throw new FakePayPalError(422, "CANNOT_BE_ZERO_OR_NEGATIVE");
    type Context = { return_url?: string; cancel_url?: string };
    const source = input.payment_source as
      | { paypal?: { experience_context?: Context } }
      | undefined;
    const experience = source?.paypal?.experience_context;
    const context = experience ?? (input.application_context as Context | undefined);
    return state.createOrder({
      referenceId: unit.reference_id ?? "default",
      description: unit.description ?? null,
      amountCents,
      currency: unit.amount?.currency_code ?? "USD",
      approveRel: experience ? "payer-action" : "approve",
      returnUrl: context?.return_url ?? null,
      cancelUrl: context?.cancel_url ?? null,
    });
  }

  function handle(req: IncomingMessage, url: URL, body: string): Answer & { location?: string } {
    if (req.method === "GET" && url.pathname === "/certs/test.pem") {
      return { status: 200, body: signer.certificatePem };
    }
    if (req.method === "GET" && url.pathname === "/checkoutnow") {
      // The buyer's page: approves at once and goes back to the shop (or cancels with ?cancel=1).
      const order = state.order(url.searchParams.get("token") ?? "");
      const cancel = url.searchParams.has("cancel");
      if (!cancel) state.approve(order.id);
      const target = cancel ? order.cancelUrl : order.returnUrl;
      const location = target
        ? `${target}${target.includes("?") ? "&" : "?"}token=${order.id}`
        : undefined;
      return { status: location ? 302 : 200, body: "approved", location };
    }
    const route = ROUTES.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    if (!route) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    const id = route.pattern.exec(url.pathname)?.[1] ?? "";
    const kind = takeFailure(route.operation);
    if (kind === "server_error") return { status: 500, body: { name: "INTERNAL_SERVER_ERROR" } };
    if (route.operation === "token") {
      if (kind === "unauthorized") return { status: 401, body: { error: "invalid_client" } };
      return issueToken(req, body);
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const expiresAt = tokens.get(bearer);
    if (kind === "unauthorized" || !expiresAt || expiresAt <= clock().getTime()) {
      return { status: 401, body: { error: "invalid_token", error_description: "Token expired" } };
    }
    const requestId = req.headers["paypal-request-id"];
    // Payouts are not replayed by request id: their sender_batch_id is the guard.
    const replyKey =
      typeof requestId === "string" && route.operation !== "createPayout"
        ? `${url.pathname}\n${requestId}`
        : null;
    const earlier = replyKey ? replies.get(replyKey) : undefined;
    if (earlier)
      return { status: earlier.status === 201 ? 200 : earlier.status, body: earlier.body };

    let input: Record<string, unknown> = {};
    try {
      input = body ? JSON.parse(body) : {};
    } catch {
      throw new FakePayPalError(400, "MALFORMED_REQUEST_JSON");
    }
    const answer = act(route.operation, id, input, kind);
    if (replyKey && req.method === "POST") replies.set(replyKey, answer);
    if (kind === "server_error_after_acting") {
      return { status: 500, body: { name: "INTERNAL_SERVER_ERROR" } };
    }
    return answer;
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", base);
    const route = ROUTES.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
    );
    const requestId = req.headers["paypal-request-id"];
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      operation: route?.operation ?? null,
      requestId: typeof requestId === "string" ? requestId : null,
      headers,
      body,
    });
    let answer: Answer & { location?: string };
    try {
      answer = handle(req, url, body);
    } catch (error) {
      answer =
        error instanceof FakePayPalError
          ? { status: error.status, body: errorBody(error) }
          : { status: 500, body: { name: "INTERNAL_SERVER_ERROR", message: String(error) } };
    }
    if (answer.location) res.setHeader("Location", answer.location);
    if (typeof answer.body === "string") {
      res.writeHead(answer.status, { "Content-Type": "text/plain" }).end(answer.body);
    } else {
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(answer.status === 204 ? undefined : JSON.stringify(answer.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const certUrl = `${base}/certs/test.pem`;

  function webhook(eventType: string, resource: unknown, opts?: WebhookOptions): WebhookDelivery {
    return buildWebhook(signer, { webhookId, certUrl, now: clock() }, eventType, resource, opts);
  }

  return {
    baseUrl: base,
    certUrl,
    webhookId,
    /** A configuration pointing our adapter at this fake. */
    config: {
      clientId,
      clientSecret,
      apiBase: base,
      webhookId,
      holds: true,
    } satisfies PayPalConfig,
    requests,
    get tokenRequests() {
      return requests.filter((r) => r.operation === "token").length;
    },
    state,
    /** Payout batches made, and the status a receiver's items end in (SUCCESS by default). */
    payouts,
    order: (id: string) => state.order(id),
    authorization: (id: string) => state.authorization(id),
    capture: (id: string) => state.capture(id),
    approve: (orderId: string) => state.approve(orderId),
    setNow(date: Date) {
      clock = () => date;
    },
    now: () => clock(),
    setTokenExpiresIn(seconds: number) {
      tokenExpiresIn = seconds;
    },
    /** Answers the next `times` calls of `operation` with a failure (see FailureKind). */
    failNext(operation: FakeOperation, kind: FailureKind, times = 1) {
      failures.push({ operation, kind, times });
    },
    /** PayPal's JSON for a resource, as sent in a webhook event's `resource`. */
    resource(
      kind: "order" | "authorization" | "capture" | "refund" | "payout-item",
      id: string,
    ): unknown {
      if (kind === "payout-item") return payouts.item(base, id);
      if (kind === "order") return orderJson(base, state, state.order(id));
      if (kind === "authorization") return authorizationJson(base, state.authorization(id));
      if (kind === "capture") return captureJson(base, state, state.capture(id));
      const refund = state.refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      return refundJson(base, refund);
    },
    webhook,
    /** POSTs a signed event to `targetUrl` and answers the receiver's response. */
    async deliverWebhook(
      targetUrl: string,
      eventType: string,
      resource: unknown,
      opts?: WebhookOptions,
    ): Promise<Response> {
      const delivery = webhook(eventType, resource, opts);
      return fetch(targetUrl, {
        method: "POST",
        headers: delivery.headers,
        body: Buffer.from(delivery.body),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
