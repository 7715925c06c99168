import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../platform/logger.ts";
import { type FakePayPal, startFakePayPal } from "../../../test/fake-paypal/server.ts";
import { freePort } from "../../../test/free-port.ts";
import { PaymentError, type PaymentProvider } from "../provider.ts";
import { createPayPalProvider, type PayPalProviderOptions } from "./paypal.ts";
import { centsToDecimal, decimalToCents } from "./paypal-money.ts";

// The real adapter against the fake PayPal over loopback. One clock drives both, so token and
// authorization lifetimes can be walked through; it starts at the real time because the fake's
// webhook certificate is valid from now for two days.

const DAY_MS = 86_400_000;
const log = createLogger("silent");
let fake: FakePayPal;
let clock: Date;

beforeAll(async () => {
  fake = await startFakePayPal({ now: () => clock });
});
afterAll(() => fake?.close());
beforeEach(() => {
  clock = new Date();
});

/** PayPal's times have whole seconds. */
const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

function provider(overrides: Partial<PayPalProviderOptions> = {}): PaymentProvider {
  return createPayPalProvider({
    config: fake.config,
    log,
    now: () => clock,
    retryDelaysMs: [1, 1],
    ...overrides,
  });
}

const rid = () => randomUUID();

async function createOrder(paypal: PaymentProvider, amountCents = 15_000, requestId = rid()) {
  return paypal.createOrder({
    requestId,
    referenceId: "booking-1",
    amountCents,
    currency: "USD",
    description: "Portrait session",
    returnUrl: "https://shutterhail.test/bookings/1/paid",
    cancelUrl: "https://shutterhail.test/bookings/1",
  });
}

async function authorized(paypal: PaymentProvider, amountCents = 15_000) {
  const order = await createOrder(paypal, amountCents);
  fake.approve(order.id);
  return { order, authorization: await paypal.authorizeOrder(order.id, rid()) };
}

const capture = (paypal: PaymentProvider, id: string, amountCents: number, finalCapture: boolean) =>
  paypal.captureAuthorization(id, { amountCents, currency: "USD", finalCapture, requestId: rid() });

async function failure(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

function since(mark: number) {
  return fake.requests.slice(mark);
}

describe("money strings", () => {
  it("converts integer cents and PayPal decimals exactly", () => {
    expect(centsToDecimal(15_000)).toBe("150.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(123_456_789)).toBe("1234567.89");
    expect(decimalToCents("150.00")).toBe(15_000);
    expect(decimalToCents("0.1")).toBe(10);
    expect(decimalToCents("1234567.89")).toBe(123_456_789);
    expect(decimalToCents("19")).toBe(1900);
    for (const bad of ["1.234", "-1.00", "1e3", "", "12.", "NaN"]) {
      expect(() => decimalToCents(bad)).toThrow(RangeError);
    }
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});

describe("PayPal access token", () => {
  it("is fetched once for many calls, including concurrent ones", async () => {
    const paypal = provider();
    const order = await createOrder(paypal);
    const before = fake.tokenRequests;
    const fresh = provider();
    await Promise.all(Array.from({ length: 5 }, () => fresh.getOrder(order.id)));
    await fresh.getOrder(order.id);
    expect(fake.tokenRequests - before).toBe(1);
  });

  it("is renewed once expires_in seconds (less a margin) have passed", async () => {
    fake.setTokenExpiresIn(600);
    try {
      const paypal = provider();
      const order = await createOrder(paypal);
      const before = fake.tokenRequests;
      advance(500_000);
      await paypal.getOrder(order.id);
      expect(fake.tokenRequests).toBe(before);
      advance(50_000); // 550 s: inside the last minute of a 600 s token
      await paypal.getOrder(order.id);
      expect(fake.tokenRequests).toBe(before + 1);
    } finally {
      fake.setTokenExpiresIn(32_400);
    }
  });

  it("drops a token PayPal refuses (401) and retries once with a new one", async () => {
    const paypal = provider();
    const order = await createOrder(paypal);
    const before = fake.tokenRequests;
    fake.failNext("getOrder", "unauthorized");
    expect((await paypal.getOrder(order.id)).id).toBe(order.id);
    expect(fake.tokenRequests).toBe(before + 1);
  });

  it("retries a token request PayPal failed with 5xx", async () => {
    const paypal = provider();
    fake.failNext("token", "server_error");
    const before = fake.tokenRequests;
    expect((await createOrder(paypal)).status).toBe("PAYER_ACTION_REQUIRED");
    expect(fake.tokenRequests).toBe(before + 2);
  });

  it("reports wrong credentials as unavailable", async () => {
    const paypal = provider({ config: { ...fake.config, clientSecret: "wrong" } });
    expect((await failure(createOrder(paypal))).reason).toBe("unavailable");
  });
});

describe("PayPal orders, authorizations and captures", () => {
  it("creates an AUTHORIZE order with a decimal amount and the buyer's approval link", async () => {
    const mark = fake.requests.length;
    const requestId = rid();
    const order = await createOrder(provider(), 12_345, requestId);
    expect(order).toMatchObject({
      status: "PAYER_ACTION_REQUIRED",
      amountCents: 12_345,
      currency: "USD",
      referenceId: "booking-1",
      approveUrl: `${fake.baseUrl}/checkoutnow?token=${order.id}`,
      authorizations: [],
    });
    const sent = since(mark).find((r) => r.operation === "createOrder");
    expect(sent?.requestId).toBe(requestId);
    const body = JSON.parse(sent?.body ?? "{}");
    expect(body.intent).toBe("AUTHORIZE");
    expect(body.purchase_units).toEqual([
      {
        reference_id: "booking-1",
        description: "Portrait session",
        amount: { currency_code: "USD", value: "123.45" },
      },
    ]);
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      return_url: "https://shutterhail.test/bookings/1/paid",
      cancel_url: "https://shutterhail.test/bookings/1",
    });
  });

  it("reads the approve link of an order made with application_context", async () => {
    const order = fake.state.createOrder({
      referenceId: "booking-2",
      description: null,
      amountCents: 9_999,
      currency: "USD",
      approveRel: "approve",
      returnUrl: "https://shutterhail.test/back",
      cancelUrl: null,
    });
    expect(await provider().getOrder(order.id)).toMatchObject({
      status: "CREATED",
      amountCents: 9_999,
      approveUrl: `${fake.baseUrl}/checkoutnow?token=${order.id}`,
    });
  });

  it("lets the buyer approve on the fake's page, which sends them back to the return URL", async () => {
    const paypal = provider();
    const order = await createOrder(paypal);
    const page = await fetch(order.approveUrl ?? "", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(
      `https://shutterhail.test/bookings/1/paid?token=${order.id}`,
    );
    expect((await paypal.getOrder(order.id)).status).toBe("APPROVED");
  });

  it("goes create → approve → authorize → deposit capture → final capture", async () => {
    const paypal = provider();
    const mark = fake.requests.length;
    const order = await createOrder(paypal);
    await expect(paypal.authorizeOrder(order.id, rid())).rejects.toMatchObject({
      reason: "not_approved",
      providerIssue: "ORDER_NOT_APPROVED",
    });
    fake.approve(order.id);
    expect((await paypal.getOrder(order.id)).status).toBe("APPROVED");

    const authorization = await paypal.authorizeOrder(order.id, rid());
    expect(authorization).toMatchObject({ status: "CREATED", amountCents: 15_000 });
    const created = wholeSeconds(fake.authorization(authorization.id).createTime);
    expect(authorization.honoredUntil.getTime()).toBe(created + 3 * DAY_MS);
    expect(authorization.expiresAt.getTime()).toBe(created + 29 * DAY_MS);

    const deposit = await capture(paypal, authorization.id, 4_500, false);
    expect(deposit).toMatchObject({ status: "COMPLETED", amountCents: 4_500 });
    expect(fake.authorization(authorization.id).status).toBe("PARTIALLY_CAPTURED");
    const rest = await capture(paypal, authorization.id, 10_500, true);
    expect(rest).toMatchObject({ status: "COMPLETED", amountCents: 10_500 });

    const read = await paypal.getOrder(order.id);
    expect(read).toMatchObject({ status: "COMPLETED", approveUrl: null, amountCents: 15_000 });
    expect(read.authorizations.map((a) => [a.id, a.status])).toEqual([
      [authorization.id, "CAPTURED"],
    ]);
    expect(read.captures.map((c) => [c.id, c.amountCents])).toEqual([
      [deposit.id, 4_500],
      [rest.id, 10_500],
    ]);

    const posts = since(mark).filter((r) => r.method === "POST" && r.operation !== "token");
    expect(posts.length).toBe(5);
    for (const post of posts) expect(post.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const captureBody = JSON.parse(posts.find((p) => p.operation === "capture")?.body ?? "{}");
    expect(captureBody).toEqual({
      amount: { currency_code: "USD", value: "45.00" },
      final_capture: false,
    });
  });

  it("refuses to capture after the final capture (already_done)", async () => {
    const paypal = provider();
    const { authorization } = await authorized(paypal);
    await capture(paypal, authorization.id, 15_000, true);
    const error = await failure(capture(paypal, authorization.id, 100, false));
    expect(error.reason).toBe("already_done");
    expect(error.providerIssue).toBe("AUTHORIZATION_ALREADY_CAPTURED");
  });

  it("voids the rest of a hold after a partial capture, not after a final one", async () => {
    const paypal = provider();
    const { order, authorization } = await authorized(paypal);
    await capture(paypal, authorization.id, 4_500, false);
    await paypal.voidAuthorization(authorization.id, rid());
    expect((await paypal.getOrder(order.id)).authorizations[0]?.status).toBe("VOIDED");
    expect((await failure(paypal.voidAuthorization(authorization.id, rid()))).reason).toBe(
      "already_done",
    );
    const voided = await failure(capture(paypal, authorization.id, 100, true));
    expect([voided.reason, voided.providerIssue]).toEqual([
      "authorization_expired",
      "AUTHORIZATION_VOIDED",
    ]);

    const second = await authorized(paypal);
    await capture(paypal, second.authorization.id, 15_000, true);
    const error = await failure(paypal.voidAuthorization(second.authorization.id, rid()));
    expect([error.reason, error.providerIssue]).toEqual(["already_done", "PREVIOUSLY_CAPTURED"]);
  });

  it("refunds a capture in full or in parts, never more than was captured", async () => {
    const paypal = provider();
    const { authorization } = await authorized(paypal);
    const deposit = await capture(paypal, authorization.id, 4_500, false);
    const full = await paypal.refundCapture(deposit.id, {
      amountCents: null,
      currency: "USD",
      requestId: rid(),
    });
    expect(full).toMatchObject({ status: "COMPLETED", amountCents: 4_500 });
    expect(fake.capture(deposit.id).status).toBe("REFUNDED");
    const refundBody = fake.requests.filter((r) => r.operation === "refund").at(-1)?.body;
    expect(JSON.parse(refundBody ?? "null")).toEqual({});

    const rest = await capture(paypal, authorization.id, 10_500, true);
    const refund = (amountCents: number | null) =>
      paypal.refundCapture(rest.id, { amountCents, currency: "USD", requestId: rid() });
    expect((await refund(5_000)).amountCents).toBe(5_000);
    expect(fake.capture(rest.id).status).toBe("PARTIALLY_REFUNDED");
    const over = await failure(refund(5_501));
    expect([over.reason, over.providerIssue]).toEqual(["rejected", "REFUND_AMOUNT_EXCEEDED"]);
    expect((await refund(null)).amountCents).toBe(5_500);
    expect((await failure(refund(1))).reason).toBe("already_done");
  });

  it("reauthorizes once, after the honour period, within 115 % and +$75", async () => {
    const paypal = provider();
    const { order, authorization } = await authorized(paypal, 15_000);
    const reauthorize = (amountCents: number) =>
      paypal.reauthorize(authorization.id, { amountCents, currency: "USD", requestId: rid() });
    expect((await failure(reauthorize(15_000))).reason).toBe("rejected"); // still honoured
    advance(4 * DAY_MS);
    expect((await failure(reauthorize(17_251))).reason).toBe("rejected"); // > 115 %
    const again = await reauthorize(17_250);
    expect(again.id).not.toBe(authorization.id);
    expect(again).toMatchObject({ status: "CREATED", amountCents: 17_250 });
    expect(again.honoredUntil.getTime()).toBe(wholeSeconds(clock) + 3 * DAY_MS);
    expect(again.expiresAt.getTime()).toBe(authorization.expiresAt.getTime());
    expect((await failure(reauthorize(15_000))).reason).toBe("rejected"); // only once
    expect((await paypal.getOrder(order.id)).authorizations.map((a) => a.id)).toEqual([
      authorization.id,
      again.id,
    ]);

    const big = await authorized(paypal, 100_000);
    advance(4 * DAY_MS);
    const overCap = await failure(
      paypal.reauthorize(big.authorization.id, {
        amountCents: 107_501, // 115 % would allow 115 000, +$75 allows 107 500
        currency: "USD",
        requestId: rid(),
      }),
    );
    expect(overCap.reason).toBe("rejected");
  });

  it("reauthorizes the rest of a partially captured authorization, captured amount counted", async () => {
    const paypal = provider();
    const { authorization } = await authorized(paypal, 15_000);
    await capture(paypal, authorization.id, 5_000, false);
    advance(4 * DAY_MS);
    const reauthorize = (amountCents: number) =>
      paypal.reauthorize(authorization.id, { amountCents, currency: "USD", requestId: rid() });
    // 5 000 captured + 12 251 is more than 115 % of 15 000.
    expect((await failure(reauthorize(12_251))).providerIssue).toBe(
      "AUTHORIZATION_AMOUNT_EXCEEDED",
    );
    const rest = await reauthorize(10_000);
    expect(rest).toMatchObject({ status: "CREATED", amountCents: 10_000 });
    expect((await capture(paypal, rest.id, 10_000, true)).status).toBe("COMPLETED");
  });

  it("reports a declined capture as a DECLINED capture on a COMPLETED order", async () => {
    const paypal = provider();
    const { order, authorization } = await authorized(paypal);
    fake.failNext("capture", "declined");
    const declined = await capture(paypal, authorization.id, 15_000, true);
    expect(declined).toMatchObject({ status: "DECLINED", amountCents: 15_000 });
    const read = await paypal.getOrder(order.id);
    expect(read.status).toBe("COMPLETED");
    expect(read.captures.map((c) => c.status)).toEqual(["DECLINED"]);
  });

  it("reports a declined instrument on authorize as declined", async () => {
    const paypal = provider();
    const order = await createOrder(paypal);
    fake.approve(order.id);
    fake.failNext("authorize", "declined");
    const error = await failure(paypal.authorizeOrder(order.id, rid()));
    expect([error.reason, error.providerIssue]).toEqual(["declined", "INSTRUMENT_DECLINED"]);
  });

  it("reports an expired authorization as authorization_expired", async () => {
    const paypal = provider();
    const first = await authorized(paypal);
    fake.failNext("capture", "expired");
    const error = await failure(capture(paypal, first.authorization.id, 4_500, false));
    expect([error.reason, error.providerIssue]).toEqual([
      "authorization_expired",
      "AUTHORIZATION_EXPIRED",
    ]);
    const second = await authorized(paypal);
    advance(30 * DAY_MS);
    expect((await failure(capture(paypal, second.authorization.id, 100, false))).reason).toBe(
      "authorization_expired",
    );
    expect((await paypal.getOrder(second.order.id)).authorizations[0]?.status).toBe("EXPIRED");
  });

  it("reports an unknown order as not_found", async () => {
    expect((await failure(provider().getOrder("0000000000000000X"))).reason).toBe("not_found");
  });
});

describe("PayPal retries and request ids", () => {
  it("retries a 5xx with the same request id and acts once", async () => {
    const paypal = provider();
    const { authorization } = await authorized(paypal);
    fake.failNext("capture", "server_error");
    const mark = fake.requests.length;
    const requestId = rid();
    const result = await paypal.captureAuthorization(authorization.id, {
      amountCents: 4_500,
      currency: "USD",
      finalCapture: false,
      requestId,
    });
    expect(result.status).toBe("COMPLETED");
    const attempts = since(mark).filter((r) => r.operation === "capture");
    expect(attempts.map((r) => r.requestId)).toEqual([requestId, requestId]);
    expect(fake.authorization(authorization.id).captureIds).toEqual([result.id]);
  });

  it("gets the first answer back when PayPal acted but the answer was lost", async () => {
    const paypal = provider();
    const { authorization } = await authorized(paypal);
    fake.failNext("capture", "server_error_after_acting");
    const result = await capture(paypal, authorization.id, 4_500, false);
    expect(fake.authorization(authorization.id).captureIds).toEqual([result.id]);
  });

  it("gives up as unavailable after three failed attempts", async () => {
    const paypal = provider();
    fake.failNext("createOrder", "server_error", 3);
    const mark = fake.requests.length;
    const requestId = rid();
    expect((await failure(createOrder(paypal, 15_000, requestId))).reason).toBe("unavailable");
    const attempts = since(mark).filter((r) => r.operation === "createOrder");
    expect(attempts.map((r) => r.requestId)).toEqual([requestId, requestId, requestId]);

    const nobody = `http://127.0.0.1:${await freePort()}`;
    const offline = provider({ config: { ...fake.config, apiBase: nobody } });
    expect((await failure(offline.getOrder("ABC"))).reason).toBe("unavailable");
  });

  it("acts once when the same request id is sent twice", async () => {
    const paypal = provider();
    const requestId = rid();
    const ordersBefore = fake.state.orders.size;
    const first = await createOrder(paypal, 15_000, requestId);
    const second = await createOrder(paypal, 15_000, requestId);
    expect(second.id).toBe(first.id);
    expect(fake.state.orders.size).toBe(ordersBefore + 1);

    fake.approve(first.id);
    const authorization = await paypal.authorizeOrder(first.id, rid());
    const input = { amountCents: 4_500, currency: "USD", finalCapture: false, requestId: rid() };
    const a = await paypal.captureAuthorization(authorization.id, input);
    const b = await paypal.captureAuthorization(authorization.id, input);
    expect(b.id).toBe(a.id);
    expect(fake.authorization(authorization.id).captureIds).toEqual([a.id]);
  });
});
