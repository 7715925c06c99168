import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PayPalConfig } from "../../config.ts";
import { createHandler, type Violation } from "./handler.ts";
import { RequestIds } from "./idempotency.ts";
import type { Capabilities } from "./model.ts";
import * as payments from "./payments.ts";
import { FakePayouts } from "./payouts.ts";
import { checkedResource, type ResourceKind } from "./representation.ts";
import { type FakeOperation, findRoute } from "./routes.ts";
import { type CertificateKind, createWebhookSigner } from "./signing.ts";
import { FakePayPalState } from "./state.ts";
import { type FailureKind, type Release, Steering } from "./steering.ts";
import { Tokens } from "./tokens.ts";
import { VERIFY_SIGNATURE_PATH, verifySignature } from "./verify-signature.ts";
import { buildWebhook, type WebhookDelivery, type WebhookOptions } from "./webhooks.ts";

// A PayPal REST API on loopback for tests, as strict as PayPal documents it (issue #21): OAuth
// token, Orders v2 (create, show, authorize, capture), Payments v2 (show, capture, void,
// reauthorize, refund), Payouts v1 (create, show batch, show item), signed webhooks. Every
// request is checked against ../paypal-schemas (refused as PayPal would, and recorded in
// `violations`); every answer too (off-schema is a bug in the fake: the test run fails). The
// merchant's capabilities are switches, all off by default (a default account). Tests steer it
// with approve(), the clock, failNext() / holdNext(), settle() / reverse() / refundOutside().

export type { Capabilities } from "./model.ts";
export type { FailureKind, FakeOperation, Release, Violation };

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
  /** The merchant account's settings; each defaults to false (a default account). */
  capabilities?: Partial<Capabilities>;
  /**
   * Called with an answer the fake sent off its schema (a bug in the fake; the answer becomes a
   * 500 FAKE_PAYPAL_BUG). By default it is thrown as an uncaught error, which fails the run.
   */
  onBug?: (error: Error) => void;
};

const CERT_PATH: Record<CertificateKind, string> = {
  paypal: "/v1/notifications/certs/CERT-360caa42-fca2a594-fake0001",
  "leaf-only": "/v1/notifications/certs/CERT-360caa42-fca2a594-fake0002",
  "self-signed": "/v1/notifications/certs/CERT-self-signed",
  "wrong-subject": "/v1/notifications/certs/CERT-wrong-subject",
  expired: "/v1/notifications/certs/CERT-expired",
};

export async function startFakePayPal(options: FakePayPalOptions = {}) {
  const clientId = options.clientId ?? "fake-client-id";
  const clientSecret = options.clientSecret ?? "fake-client-secret";
  const webhookId = options.webhookId ?? "FAKEWEBHOOK1";
  let clock = options.now ?? (() => new Date());
  const now = () => clock();
  const state = new FakePayPalState(now, options.capabilities);
  const payouts = new FakePayouts(now);
  const requestIds = new RequestIds(now);
  const signer = await createWebhookSigner();
  const tokens = new Tokens({ clientId, clientSecret }, now, options.tokenExpiresIn ?? 32_400);
  const steering = new Steering();
  const requests: FakeRequest[] = [];
  const violations: Violation[] = [];
  const outbox: WebhookDelivery[] = [];
  const bugs: Error[] = [];
  let base = "";
  const certUrl = (kind: CertificateKind) => `${base}${CERT_PATH[kind]}`;

  function webhook(eventType: string, resource: unknown, opts?: WebhookOptions): WebhookDelivery {
    return buildWebhook(
      signer,
      { webhookId, certUrl, now: clock(), base },
      eventType,
      resource,
      opts,
    );
  }

  const resource = (kind: ResourceKind, id: string) =>
    checkedResource({ base, state }, payouts, kind, id);

  // Everything PayPal would announce lands in the outbox, signed at the time it happened.
  state.onEvent = (event) => {
    outbox.push(webhook(event.eventType, resource(event.kind, event.id)));
  };

  /** The delivery an action just put in the outbox for `eventType` (null when none). */
  function announced(before: number, eventType: string | null): WebhookDelivery | null {
    return outbox.slice(before).find((d) => d.event.event_type === eventType) ?? null;
  }

  const handle = createHandler({
    state,
    payouts,
    requestIds,
    violations,
    base: () => base,
    now,
    steering,
    tokens,
    onBug(error) {
      bugs.push(error);
      if (options.onBug) return options.onBug(error);
      // Loud: an uncaught error fails the Vitest run even if the test swallowed the 500.
      setImmediate(() => {
        throw error;
      });
    },
  });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", base);
    const requestId = req.headers["paypal-request-id"];
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      operation: findRoute(req.method ?? "GET", url.pathname)?.route.operation ?? null,
      requestId: typeof requestId === "string" ? requestId : null,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      body,
    });
    const cert = Object.entries(CERT_PATH).find(([, path]) => path === url.pathname);
    if (req.method === "GET" && cert) {
      const pem = signer.certificates[cert[0] as CertificateKind];
      return res.writeHead(200, { "Content-Type": "application/x-pem-file" }).end(pem);
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (req.method === "POST" && url.pathname === VERIFY_SIGNATURE_PATH && !tokens.valid(bearer)) {
      return res
        .writeHead(401, { "Content-Type": "application/json" })
        .end('{"error":"invalid_token"}');
    }
    const verified =
      req.method === "POST" && url.pathname === VERIFY_SIGNATURE_PATH
        ? verifySignature(body, {
            webhookId,
            certificateAt: (at) => {
              const found = Object.entries(CERT_PATH).find(
                ([kind]) => certUrl(kind as CertificateKind) === at,
              );
              const kind = found?.[0] as CertificateKind | undefined;
              return kind ? { kind, pem: signer.certificates[kind] } : undefined;
            },
          })
        : null;
    const answer: { status: number; body?: unknown; location?: string } =
      verified ??
      (await handle(req, url, body).catch((error: unknown) => ({
        status: 500,
        body: { name: "INTERNAL_SERVER_ERROR", message: String(error), debug_id: "fake" },
        location: undefined,
      })));
    if (answer.location) res.setHeader("Location", answer.location);
    if (typeof answer.body === "string") {
      res.writeHead(answer.status, { "Content-Type": "text/plain" }).end(answer.body);
    } else if (answer.body === undefined) {
      res.writeHead(answer.status).end();
    } else {
      res
        .writeHead(answer.status, { "Content-Type": "application/json" })
        .end(JSON.stringify(answer.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.baseUrl = base;

  return {
    baseUrl: base,
    /** The PayPal-like certificate's URL (PAYPAL-CERT-URL of the fake's deliveries). */
    certUrl: certUrl("paypal"),
    webhookId,
    /** The test root CA the PayPal-like certificate chains to: the app's verifier must trust it. */
    rootCertificatePem: signer.rootCertificatePem,
    /** PEM served at each kind's cert URL (paypal: leaf + root). */
    certificates: signer.certificates,
    certUrlFor: certUrl,
    /**
     * A configuration pointing our adapter at this fake: it holds payments when the merchant
     * can (Authorize & Capture) and trusts the fake's webhook root certificate.
     */
    config: {
      clientId,
      clientSecret,
      apiBase: base,
      webhookId,
      holds: state.capabilities.authCapture,
      webhookTrustedRootsPem: [signer.rootCertificatePem],
    } satisfies PayPalConfig,
    /** Every HTTP request received, in order. */
    requests,
    get tokenRequests() {
      return requests.filter((r) => r.operation === "token").length;
    },
    /** Requests refused for breaking PayPal's schema (status and PayPal's details). */
    violations,
    /** Each request id sent again for another operation or path (PayPal does not say). */
    requestIdReuse: requestIds.reuse,
    /** Answers the fake sent off their schema (each also fails the run). */
    bugs,
    /** Every webhook PayPal would have sent, signed, in order (post them in any order). */
    outbox,
    /** Empties the outbox and answers what was in it. */
    takeOutbox: () => outbox.splice(0),
    state,
    /** Payout batches made, and the status a receiver's items end in (SUCCESS by default). */
    payouts,
    order: (id: string) => state.order(id),
    authorization: (id: string) => state.authorization(id),
    capture: (id: string) => state.capture(id),
    refund: (id: string) => state.refund(id),
    /** What the buyer does on PayPal's page; throws when the order expired or does not wait. */
    approve: (orderId: string) => state.approve(orderId),
    /** The merchant account's current settings. */
    get capabilities(): Capabilities {
      return { ...state.capabilities };
    },
    /** Changes some of the merchant account's settings from now on. */
    setCapabilities(changes: Partial<Capabilities>) {
      state.capabilities = { ...state.capabilities, ...changes };
    },
    setNow(date: Date) {
      clock = () => date;
    },
    /** Moves the fake's clock `ms` ahead (it then stands still at that time). */
    advance(ms: number) {
      const at = new Date(clock().getTime() + ms);
      clock = () => at;
    },
    now,
    setTokenExpiresIn(seconds: number) {
      tokens.expiresIn = seconds;
    },
    /** Answers the next `times` calls of `operation` with a failure (see FailureKind). */
    failNext(operation: FakeOperation, kind: FailureKind, times = 1) {
      steering.failNext(operation, kind, times);
    },
    /** Forgets the failures failNext() armed and no call has used yet. */
    clearFailures() {
      steering.clearFailures();
    },
    /**
     * Holds the next call of `operation` in flight (after its checks, before it acts) until the
     * returned function is called; `release.arrived` resolves once the call is held. A repeat
     * with the same PayPal-Request-Id meanwhile answers 409 PREVIOUS_REQUEST_IN_PROGRESS.
     */
    holdNext(operation: FakeOperation): Release {
      return steering.holdNext(operation);
    },
    /**
     * PayPal decides a PENDING authorization or capture: COMPLETED or DENIED (a capture then
     * reads DECLINED). Answers the signed webhook PayPal sends for it (PAYMENT.CAPTURE.COMPLETED
     * / .DENIED, PAYMENT.AUTHORIZATION.CREATED), or null (a denied authorization has none).
     */
    settle(id: string, outcome: "COMPLETED" | "DENIED"): WebhookDelivery | null {
      const before = outbox.length;
      return announced(before, payments.settle(state, id, outcome));
    },
    /**
     * PayPal takes a capture back (a chargeback): a refund-shaped resource, the capture
     * REFUNDED or PARTIALLY_REFUNDED. Answers the signed PAYMENT.CAPTURE.REVERSED delivery.
     */
    reverse(captureId: string, amountCents?: number): WebhookDelivery {
      const before = outbox.length;
      payments.refundCapture(
        state,
        captureId,
        { amountCents: amountCents ?? null, currency: null },
        "reversal",
      );
      return announced(before, "PAYMENT.CAPTURE.REVERSED") as WebhookDelivery;
    },
    /** A refund made in PayPal's dashboard. Answers the signed PAYMENT.CAPTURE.REFUNDED delivery. */
    refundOutside(captureId: string, amountCents?: number): WebhookDelivery {
      const before = outbox.length;
      payments.refundCapture(
        state,
        captureId,
        { amountCents: amountCents ?? null, currency: null },
        "dashboard",
      );
      return announced(before, "PAYMENT.CAPTURE.REFUNDED") as WebhookDelivery;
    },
    /** PayPal's JSON for a resource, as sent in a webhook event's `resource`. */
    resource,
    /** A signed delivery of `eventType` with any `resource` (spoil it with `opts`). */
    webhook,
    /** A signed delivery of `eventType` about the fake's object `id`, as it is now. */
    webhookFor(eventType: string, kind: ResourceKind, id: string, opts?: WebhookOptions) {
      return webhook(eventType, resource(kind, id), opts);
    },
    /** POSTs a signed event to `targetUrl` and answers the receiver's response. */
    async deliverWebhook(
      targetUrl: string,
      eventType: string,
      resource: unknown,
      opts?: WebhookOptions,
    ) {
      const delivery = webhook(eventType, resource, opts);
      return fetch(targetUrl, {
        method: "POST",
        headers: delivery.headers,
        body: Buffer.from(delivery.body),
      });
    },
    /** POSTs a delivery (e.g. from the outbox or settle()) to `targetUrl`. */
    post(targetUrl: string, delivery: WebhookDelivery): Promise<Response> {
      return fetch(targetUrl, {
        method: "POST",
        headers: delivery.headers,
        body: Buffer.from(delivery.body),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        steering.releaseAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
