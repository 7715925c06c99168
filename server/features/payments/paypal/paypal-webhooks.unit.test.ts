import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PayPalConfig } from "../../../config.ts";
import { createLogger } from "../../../platform/logger.ts";
import { type FakePayPal, startFakePayPal } from "../../../test/fake-paypal/server.ts";
import type { WebhookOptions } from "../../../test/fake-paypal/webhooks.ts";
import { createPayPalProvider } from "./paypal.ts";

// Webhook self-verification against deliveries signed by the fake PayPal: a PayPal-named leaf
// chained to the fake's own test root (which fake.config tells the verifier to trust), served
// from the fake (allowed because it is config.apiBase's origin).

const log = createLogger("silent");
let fake: FakePayPal;
let clock: Date;
let certDownloads: string[];

beforeAll(async () => {
  // Authorize and Capture on: one test makes an authorization to be told about.
  fake = await startFakePayPal({ now: () => clock, capabilities: { authCapture: true } });
});
afterAll(() => fake?.close());
beforeEach(() => {
  clock = new Date();
  certDownloads = [];
});
afterEach(() => {
  expect(fake.violations.splice(0)).toEqual([]);
  expect(fake.requestIdReuse.splice(0)).toEqual([]);
});

function verifier(config: Partial<PayPalConfig> = {}) {
  const provider = createPayPalProvider({
    config: { ...fake.config, ...config },
    log,
    now: () => clock,
    fetch: (input, init) => {
      certDownloads.push(String(input));
      return fetch(input, init);
    },
  });
  return (eventType: string, resource: unknown, options?: WebhookOptions) => {
    const delivery = fake.webhook(eventType, resource, options);
    return provider.verifyWebhook(delivery.headers, delivery.body);
  };
}

const capture = {
  id: "7TK53561YB803214S",
  status: "COMPLETED",
  amount: { currency_code: "USD", value: "45.00" },
  note: "Café au lait ☕, bytes not characters",
  supplementary_data: {
    related_ids: { order_id: "5O190127TN364715T", authorization_id: "0VF52814937998046" },
  },
};

describe("PayPal webhook verification", () => {
  it("accepts a delivery signed by the certificate and names the event, resource and order", async () => {
    const verify = verifier();
    const event = await verify("PAYMENT.CAPTURE.COMPLETED", capture, { eventId: "WH-1" });
    expect(event).toEqual({
      id: "WH-1",
      type: "PAYMENT.CAPTURE.COMPLETED",
      resourceId: "7TK53561YB803214S",
      orderId: "5O190127TN364715T",
      captureId: null,
      amountCents: 4_500,
    });
    const order = { id: "5O190127TN364715T", status: "APPROVED" };
    expect(await verify("CHECKOUT.ORDER.APPROVED", order)).toEqual({
      id: expect.any(String),
      type: "CHECKOUT.ORDER.APPROVED",
      resourceId: order.id,
      orderId: order.id,
      captureId: null,
      amountCents: null,
    });
    expect(await verify("PAYMENT.AUTHORIZATION.VOIDED", { id: "AUTH1" })).toMatchObject({
      resourceId: "AUTH1",
      orderId: null,
      captureId: null,
      amountCents: null,
    });
    // One download of the certificate for all three deliveries.
    expect(certDownloads).toEqual([fake.certUrl]);
  });

  it("names a refund's capture by its up link or related_ids, and its amount", async () => {
    const verify = verifier();
    const refund = {
      id: "1JU08902781691411",
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "10.99" },
      links: [
        { rel: "self", href: "https://api.paypal.com/v2/payments/refunds/1JU08902781691411" },
        { rel: "up", href: "https://api.paypal.com/v2/payments/captures/2GG279541U471931P" },
      ],
    };
    expect(await verify("PAYMENT.CAPTURE.REFUNDED", refund)).toMatchObject({
      resourceId: refund.id,
      orderId: null,
      captureId: "2GG279541U471931P",
      amountCents: 1_099,
    });
    const related = {
      ...refund,
      links: [],
      supplementary_data: { related_ids: { order_id: "ORDER1", capture_id: "CAPTURE1" } },
    };
    expect(await verify("PAYMENT.CAPTURE.REVERSED", related)).toMatchObject({
      orderId: "ORDER1",
      captureId: "CAPTURE1",
      amountCents: 1_099,
    });
    // An amount we cannot read is left out rather than guessed.
    const odd = { ...refund, amount: { currency_code: "USD", value: "1.234" } };
    expect(await verify("PAYMENT.CAPTURE.REFUNDED", odd)).toMatchObject({ amountCents: null });
  });

  it("names a payout item by its payout_item_id", async () => {
    const verify = verifier();
    const item = {
      payout_item_id: "8AELMXH8UB2P8",
      transaction_status: "SUCCESS",
      payout_batch_id: "Q8KVJG9TZTNN4",
      payout_item: {
        recipient_type: "EMAIL",
        amount: { value: "9.87", currency: "USD" },
        receiver: "creator@pay.test",
      },
    };
    expect(await verify("PAYMENT.PAYOUTS-ITEM.SUCCEEDED", item)).toMatchObject({
      type: "PAYMENT.PAYOUTS-ITEM.SUCCEEDED",
      resourceId: "8AELMXH8UB2P8",
      orderId: null,
    });
  });

  it("names the order, capture and amount of the fake's own resources", async () => {
    fake.takeOutbox();
    const paypal = createPayPalProvider({ config: fake.config, log, now: () => clock });
    const order = await paypal.createOrder({
      requestId: crypto.randomUUID(),
      intent: "AUTHORIZE",
      referenceId: "booking-9",
      customId: "payment-order-9",
      amountCents: 10_000,
      currency: "USD",
      description: "Event coverage",
      returnUrl: "https://shutterhail.test/r",
      cancelUrl: "https://shutterhail.test/c",
    });
    fake.approve(order.id);
    const authorization = await paypal.authorizeOrder(order.id, crypto.randomUUID());
    const captured = await paypal.captureAuthorization(authorization.id, {
      amountCents: 10_000,
      currency: "USD",
      finalCapture: true,
      requestId: crypto.randomUUID(),
    });
    const refund = await paypal.refundCapture(captured.id, {
      amountCents: 2_500,
      currency: "USD",
      requestId: crypto.randomUUID(),
    });
    const verify = verifier();
    expect(
      await verify("PAYMENT.CAPTURE.COMPLETED", fake.resource("capture", captured.id)),
    ).toMatchObject({ resourceId: captured.id, orderId: order.id, amountCents: 10_000 });
    expect(
      await verify(
        "PAYMENT.AUTHORIZATION.CREATED",
        fake.resource("authorization", authorization.id),
      ),
    ).toMatchObject({ resourceId: authorization.id, orderId: order.id, amountCents: 10_000 });
    expect(await verify("PAYMENT.CAPTURE.REFUNDED", fake.resource("refund", refund.id))).toEqual({
      id: expect.any(String),
      type: "PAYMENT.CAPTURE.REFUNDED",
      resourceId: refund.id,
      orderId: order.id,
      captureId: captured.id,
      amountCents: 2_500,
    });
    // What the fake announced while this happened verifies too, each naming its order.
    const outbox = fake.takeOutbox();
    expect(outbox.map((d) => d.event.event_type)).toEqual([
      "CHECKOUT.ORDER.APPROVED",
      "PAYMENT.AUTHORIZATION.CREATED",
      "CHECKOUT.ORDER.COMPLETED",
      "PAYMENT.CAPTURE.COMPLETED",
      "PAYMENT.CAPTURE.REFUNDED",
    ]);
    const provider = createPayPalProvider({ config: fake.config, log, now: () => clock });
    for (const delivery of outbox) {
      const event = await provider.verifyWebhook(delivery.headers, delivery.body);
      expect(event).toMatchObject({ id: delivery.event.id, orderId: order.id });
    }
  });

  it("refuses a body changed after signing, or a corrupted signature", async () => {
    const verify = verifier();
    expect(await verify("PAYMENT.CAPTURE.COMPLETED", capture, { tamperBody: true })).toBeNull();
    expect(
      await verify("PAYMENT.CAPTURE.COMPLETED", capture, { tamperSignature: true }),
    ).toBeNull();
    expect(
      await verify("PAYMENT.CAPTURE.COMPLETED", capture, { authAlgo: "SHA1withRSA" }),
    ).toBeNull();
  });

  it("refuses an event signed for another webhook id", async () => {
    const verify = verifier();
    expect(await verify("PAYMENT.CAPTURE.COMPLETED", capture, { webhookId: "OTHER" })).toBeNull();
  });

  it("refuses a delivery missing any PayPal header", async () => {
    const verify = verifier();
    for (const header of [
      "paypal-transmission-id",
      "paypal-transmission-time",
      "paypal-transmission-sig",
      "paypal-cert-url",
      "paypal-auth-algo",
    ]) {
      expect(
        await verify("PAYMENT.CAPTURE.COMPLETED", capture, { omitHeaders: [header] }),
      ).toBeNull();
    }
  });

  it("never downloads a certificate from a host that is not PayPal's", async () => {
    const verify = verifier();
    for (const certUrl of [
      "https://evil.example.com/certs/test.pem",
      "https://api.paypal.com.evil.example/certs/test.pem",
      "http://api.paypal.com/certs/test.pem",
      `${fake.baseUrl.replace(/:\d+$/, ":1")}/certs/test.pem`,
      "not a url",
    ]) {
      expect(await verify("PAYMENT.CAPTURE.COMPLETED", capture, { certUrl })).toBeNull();
    }
    expect(certDownloads).toEqual([]);
  });

  it("refuses everything when no webhook id is configured", async () => {
    const verify = verifier({ webhookId: undefined });
    expect(await verify("PAYMENT.CAPTURE.COMPLETED", capture)).toBeNull();
  });

  it("refuses a certificate outside its validity dates", async () => {
    const verify = verifier();
    expect(await verify("PAYMENT.CAPTURE.COMPLETED", capture)).not.toBeNull();
    expect(
      await verify("PAYMENT.CAPTURE.COMPLETED", capture, { certificate: "expired" }),
    ).toBeNull();
    // The PayPal-like certificate itself, once the clock is past its dates (ten years).
    clock = new Date(clock.getTime() + 11 * 365 * 86_400_000);
    expect(await verify("PAYMENT.CAPTURE.COMPLETED", capture)).toBeNull();
  });

  it("refuses a certificate that does not chain to a trusted root or does not name PayPal", async () => {
    const verify = verifier();
    for (const certificate of ["self-signed", "wrong-subject"] as const) {
      expect(await verify("PAYMENT.CAPTURE.COMPLETED", capture, { certificate })).toBeNull();
    }
  });

  it("asks PayPal about a PayPal certificate whose chain it cannot complete, and takes its answer", async () => {
    // The fake's own chain, when its test root is not trusted (as a root missing in production).
    const untrusting = verifier({ webhookTrustedRootsPem: [] });
    const asked = () =>
      fake.requests.filter((r) => r.path === "/v1/notifications/verify-webhook-signature").length;
    const before = asked();
    expect(await untrusting("PAYMENT.CAPTURE.COMPLETED", capture)).not.toBeNull();
    expect(asked()).toBe(before + 1);
    // A self-signed look-alike is PayPal's to deny: it answers FAILURE.
    expect(
      await untrusting("PAYMENT.CAPTURE.COMPLETED", capture, { certificate: "self-signed" }),
    ).toBeNull();
    // A signature that does not verify is refused before PayPal is asked.
    const asking = asked();
    expect(
      await untrusting("PAYMENT.CAPTURE.COMPLETED", capture, { tamperSignature: true }),
    ).toBeNull();
    expect(asked()).toBe(asking);
  });

  it("answers null, without throwing, for a signed body that is not an event", async () => {
    const provider = createPayPalProvider({ config: fake.config, log, now: () => clock });
    const delivery = fake.webhook("PAYMENT.CAPTURE.COMPLETED", capture);
    const garbage = new TextEncoder().encode("not json");
    expect(await provider.verifyWebhook(delivery.headers, garbage)).toBeNull();
  });

  it("is delivered over HTTP with the raw bytes intact", async () => {
    const provider = createPayPalProvider({ config: fake.config, log, now: () => clock });
    const { createServer } = await import("node:http");
    const received: (string | null)[] = [];
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) headers.set(name, String(value));
      const event = await provider.verifyWebhook(headers, new Uint8Array(Buffer.concat(chunks)));
      received.push(event?.id ?? null);
      res.writeHead(event ? 200 : 400).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const target = `http://127.0.0.1:${port}/webhooks/paypal`;
      const ok = await fake.deliverWebhook(target, "PAYMENT.CAPTURE.COMPLETED", capture, {
        eventId: "WH-HTTP",
      });
      const bad = await fake.deliverWebhook(target, "PAYMENT.CAPTURE.COMPLETED", capture, {
        tamperBody: true,
      });
      expect([ok.status, bad.status]).toEqual([200, 400]);
      expect(received).toEqual(["WH-HTTP", null]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
