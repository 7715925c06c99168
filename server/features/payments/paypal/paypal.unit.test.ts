import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../platform/logger.ts";
import {
  type Capabilities,
  type FakePayPal,
  startFakePayPal,
} from "../../../test/fake-paypal/server.ts";
import { freePort } from "../../../test/free-port.ts";
import { type OrderIntent, PaymentError, type PaymentProvider } from "../provider.ts";
import { createPayPalProvider, type PayPalProviderOptions } from "./paypal.ts";
import { paymentErrorFrom } from "./paypal-http.ts";
import { centsToDecimal, decimalToCents } from "./paypal-money.ts";

// The real adapter against the strict fake PayPal over loopback: two merchant accounts, a
// default one (no Authorize and Capture: orders are captured at once) and one with Authorize and
// Capture (one capture per authorization, as PayPal's default). One clock drives the adapter and
// both fakes, so token, order and authorization lifetimes can be walked through. After every
// test, each request the adapter sent passed PayPal's schemas and no request id was reused.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const log = createLogger("silent");
/** A default merchant account: every capability off. */
let fake: FakePayPal;
/** A merchant account with Authorize and Capture (still one capture per authorization). */
let holds: FakePayPal;
let clock: Date;

beforeAll(async () => {
  [fake, holds] = await Promise.all([
    startFakePayPal({ now: () => clock }),
    startFakePayPal({ now: () => clock, capabilities: { authCapture: true } }),
  ]);
});
afterAll(async () => {
  await fake?.close();
  await holds?.close();
});
beforeEach(() => {
  clock = new Date();
});
afterEach(() => {
  for (const f of [fake, holds]) {
    // Emptied as they are checked, so one test's slip is reported once, by that test.
    expect(f.violations.splice(0)).toEqual([]);
    expect(f.requestIdReuse.splice(0)).toEqual([]);
    expect(f.bugs.splice(0)).toEqual([]);
  }
});

/** PayPal's times have whole seconds. */
const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

function provider(on: FakePayPal, overrides: Partial<PayPalProviderOptions> = {}): PaymentProvider {
  return createPayPalProvider({
    config: on.config,
    log,
    now: () => clock,
    retryDelaysMs: [1, 1],
    ...overrides,
  });
}

/** Runs `body` with some of `on`'s capabilities changed, then puts them back. */
async function withCapabilities(
  on: FakePayPal,
  changes: Partial<Capabilities>,
  body: () => Promise<void>,
) {
  const before = on.capabilities;
  on.setCapabilities(changes);
  try {
    await body();
  } finally {
    on.setCapabilities(before);
  }
}

const rid = () => randomUUID();

function createOrder(
  paypal: PaymentProvider,
  options: { intent?: OrderIntent; amountCents?: number; requestId?: string } = {},
) {
  return paypal.createOrder({
    requestId: options.requestId ?? rid(),
    intent: options.intent ?? "AUTHORIZE",
    referenceId: "booking-1",
    customId: "payment-order-1",
    amountCents: options.amountCents ?? 15_000,
    currency: "USD",
    description: "Portrait session",
    returnUrl: "https://shutterhail.test/bookings/1/paid",
    cancelUrl: "https://shutterhail.test/bookings/1",
  });
}

/** An AUTHORIZE order on the Authorize and Capture account, approved and authorized. */
async function authorized(paypal: PaymentProvider, amountCents = 15_000) {
  const order = await createOrder(paypal, { amountCents });
  holds.approve(order.id);
  return { order, authorization: await paypal.authorizeOrder(order.id, rid()) };
}

/** A CAPTURE order on `on`, approved by the buyer. */
async function approvedCaptureOrder(paypal: PaymentProvider, on: FakePayPal, amountCents = 15_000) {
  const order = await createOrder(paypal, { intent: "CAPTURE", amountCents });
  on.approve(order.id);
  return order;
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

const why = (error: PaymentError) => [error.reason, error.providerIssue];

function since(on: FakePayPal, mark: number) {
  return on.requests.slice(mark);
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
    const order = await createOrder(provider(fake));
    const before = fake.tokenRequests;
    const fresh = provider(fake);
    await Promise.all(Array.from({ length: 5 }, () => fresh.getOrder(order.id)));
    await fresh.getOrder(order.id);
    expect(fake.tokenRequests - before).toBe(1);
  });

  it("is renewed once expires_in seconds (less a margin) have passed", async () => {
    fake.setTokenExpiresIn(600);
    try {
      const paypal = provider(fake);
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
    const paypal = provider(fake);
    const order = await createOrder(paypal);
    const before = fake.tokenRequests;
    fake.failNext("getOrder", "unauthorized");
    expect((await paypal.getOrder(order.id)).id).toBe(order.id);
    expect(fake.tokenRequests).toBe(before + 1);
  });

  it("retries a token request PayPal failed with 5xx", async () => {
    const paypal = provider(fake);
    fake.failNext("token", "server_error");
    const before = fake.tokenRequests;
    expect((await createOrder(paypal)).status).toBe("PAYER_ACTION_REQUIRED");
    expect(fake.tokenRequests).toBe(before + 2);
  });

  it("reports wrong credentials as unavailable", async () => {
    const paypal = provider(fake, { config: { ...fake.config, clientSecret: "wrong" } });
    expect((await failure(createOrder(paypal))).reason).toBe("unavailable");
  });
});

describe("PayPal orders", () => {
  it.each(["AUTHORIZE", "CAPTURE"] as const)(
    "creates a %s order with a decimal amount, our references and the buyer's approval link",
    async (intent) => {
      const mark = fake.requests.length;
      const requestId = rid();
      const order = await createOrder(provider(fake), { intent, amountCents: 12_345, requestId });
      expect(order).toEqual({
        id: expect.any(String),
        status: "PAYER_ACTION_REQUIRED",
        intent,
        amountCents: 12_345,
        currency: "USD",
        referenceId: "booking-1",
        customId: "payment-order-1",
        approveUrl: `${fake.baseUrl}/checkoutnow?token=${order.id}`,
        authorizations: [],
        captures: [],
      });
      const sent = since(fake, mark).find((r) => r.operation === "createOrder");
      expect(sent?.requestId).toBe(requestId);
      expect(sent?.headers.prefer).toBe("return=representation");
      const body = JSON.parse(sent?.body ?? "{}");
      expect(body.intent).toBe(intent);
      expect(body.purchase_units).toEqual([
        {
          reference_id: "booking-1",
          custom_id: "payment-order-1",
          description: "Portrait session",
          amount: { currency_code: "USD", value: "123.45" },
        },
      ]);
      expect(body.payment_source.paypal.experience_context).toMatchObject({
        return_url: "https://shutterhail.test/bookings/1/paid",
        cancel_url: "https://shutterhail.test/bookings/1",
      });
    },
  );

  it("clips a long description to PayPal's 127 characters, emoji whole", async () => {
    const mark = fake.requests.length;
    await provider(fake).createOrder({
      requestId: rid(),
      intent: "CAPTURE",
      referenceId: "booking-1",
      customId: "payment-order-1",
      amountCents: 100,
      currency: "USD",
      description: "📸".repeat(200),
      returnUrl: "https://shutterhail.test/r",
      cancelUrl: "https://shutterhail.test/c",
    });
    const sent = since(fake, mark).find((r) => r.operation === "createOrder");
    const description = JSON.parse(sent?.body ?? "{}").purchase_units[0].description;
    expect(Array.from(description)).toEqual(Array(127).fill("📸"));
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
    expect(await provider(fake).getOrder(order.id)).toMatchObject({
      status: "CREATED",
      intent: "AUTHORIZE",
      amountCents: 9_999,
      customId: null,
      approveUrl: `${fake.baseUrl}/checkoutnow?token=${order.id}`,
    });
  });

  it("lets the buyer approve on the fake's page, which sends them back with the token and a PayerID", async () => {
    const paypal = provider(fake);
    const order = await createOrder(paypal, { intent: "CAPTURE" });
    const page = await fetch(order.approveUrl ?? "", { redirect: "manual" });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("https://shutterhail.test/bookings/1/paid");
    expect(back.searchParams.get("token")).toBe(order.id);
    expect(back.searchParams.get("PayerID")).toMatch(/^[0-9A-Z]{13}$/);
    expect(await paypal.getOrder(order.id)).toMatchObject({ status: "APPROVED", approveUrl: null });
  });

  it("reports an unknown order as not_found", async () => {
    expect((await failure(provider(fake).getOrder("0000000000000000X"))).reason).toBe("not_found");
  });

  it("forgets an order not approved within 3 hours: not_found", async () => {
    const paypal = provider(fake);
    const order = await createOrder(paypal, { intent: "CAPTURE" });
    advance(3 * HOUR_MS - 1_000);
    expect((await paypal.getOrder(order.id)).status).toBe("PAYER_ACTION_REQUIRED");
    advance(2_000);
    expect(why(await failure(paypal.getOrder(order.id)))).toEqual([
      "not_found",
      "INVALID_RESOURCE_ID",
    ]);
  });

  it("refuses to authorize or capture an order approved more than 3 hours ago: order_expired", async () => {
    const authorize = provider(holds);
    const toHold = await createOrder(authorize);
    holds.approve(toHold.id);
    const paypal = provider(fake);
    const toCapture = await approvedCaptureOrder(paypal, fake);
    advance(3 * HOUR_MS + 1_000);
    expect(why(await failure(authorize.authorizeOrder(toHold.id, rid())))).toEqual([
      "order_expired",
      "ORDER_EXPIRED",
    ]);
    expect(why(await failure(paypal.captureOrder(toCapture.id, rid())))).toEqual([
      "order_expired",
      "ORDER_EXPIRED",
    ]);
    expect((await failure(paypal.getOrder(toCapture.id))).reason).toBe("not_found");

    // PayPal's clock may run out between our read and our call.
    const late = await approvedCaptureOrder(paypal, fake);
    fake.failNext("captureOrder", "expired");
    expect((await failure(paypal.captureOrder(late.id, rid()))).reason).toBe("order_expired");
  });
});

describe("PayPal CAPTURE orders (a default account)", () => {
  it("goes create → approve → capture, and reads the capture back", async () => {
    const paypal = provider(fake);
    const order = await createOrder(paypal, { intent: "CAPTURE" });
    expect(why(await failure(paypal.captureOrder(order.id, rid())))).toEqual([
      "not_approved",
      "ORDER_NOT_APPROVED",
    ]);
    fake.approve(order.id);
    const mark = fake.requests.length;
    const requestId = rid();
    const captured = await paypal.captureOrder(order.id, requestId);
    expect(captured).toEqual({ id: expect.any(String), status: "COMPLETED", amountCents: 15_000 });
    const sent = since(fake, mark).filter((r) => r.operation === "captureOrder");
    expect(sent.map((r) => [r.requestId, r.body])).toEqual([[requestId, "{}"]]);

    expect(await paypal.getOrder(order.id)).toMatchObject({
      status: "COMPLETED",
      intent: "CAPTURE",
      approveUrl: null,
      authorizations: [],
      captures: [captured],
    });
    expect(await paypal.getCapture(captured.id)).toEqual(captured);
    const refund = await paypal.refundCapture(captured.id, {
      amountCents: 5_000,
      currency: "USD",
      requestId: rid(),
    });
    expect(refund).toMatchObject({ status: "COMPLETED", amountCents: 5_000 });
    expect(await paypal.getCapture(captured.id)).toMatchObject({ status: "PARTIALLY_REFUNDED" });
  });

  it("answers a repeated request id with the same capture, and another one already_done", async () => {
    const paypal = provider(fake);
    const order = await approvedCaptureOrder(paypal, fake);
    const requestId = rid();
    const first = await paypal.captureOrder(order.id, requestId);
    expect(await paypal.captureOrder(order.id, requestId)).toEqual(first);
    expect(fake.order(order.id).captureIds).toEqual([first.id]);
    expect(why(await failure(paypal.captureOrder(order.id, rid())))).toEqual([
      "already_done",
      "ORDER_ALREADY_CAPTURED",
    ]);
  });

  it("refuses the action the order's intent does not allow", async () => {
    const paypal = provider(holds);
    const toCapture = await approvedCaptureOrder(paypal, holds);
    expect(why(await failure(paypal.authorizeOrder(toCapture.id, rid())))).toEqual([
      "rejected",
      "ACTION_DOES_NOT_MATCH_INTENT",
    ]);
    const toHold = await createOrder(paypal);
    holds.approve(toHold.id);
    expect(why(await failure(paypal.captureOrder(toHold.id, rid())))).toEqual([
      "rejected",
      "ACTION_DOES_NOT_MATCH_INTENT",
    ]);
  });

  it("reports INSTRUMENT_DECLINED as declined with PayPal's page for another funding source", async () => {
    const paypal = provider(fake);
    const order = await approvedCaptureOrder(paypal, fake);
    const requestId = rid();
    fake.failNext("captureOrder", "instrument_declined");
    const error = await failure(paypal.captureOrder(order.id, requestId));
    expect(why(error)).toEqual(["declined", "INSTRUMENT_DECLINED"]);
    expect(error.payerActionUrl).toBe(`${fake.baseUrl}/checkoutnow?token=${order.id}`);
    // The order went back to the buyer; nothing was captured.
    expect(await paypal.getOrder(order.id)).toMatchObject({
      status: "PAYER_ACTION_REQUIRED",
      approveUrl: error.payerActionUrl,
      captures: [],
    });
    // The buyer picks another source; the refused request acts when sent again under its id.
    const page = await fetch(error.payerActionUrl ?? "", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(await paypal.captureOrder(order.id, requestId)).toMatchObject({
      status: "COMPLETED",
      amountCents: 15_000,
    });
  });

  it("leaves payerActionUrl unset when PayPal links no page", () => {
    const declined = paymentErrorFrom(
      422,
      { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INSTRUMENT_DECLINED" }], links: [] },
      "POST /v2/checkout/orders/X/capture",
    );
    expect(why(declined)).toEqual(["declined", "INSTRUMENT_DECLINED"]);
    expect(declined.payerActionUrl).toBeUndefined();
  });

  it("answers a PENDING capture, which PayPal later completes", async () => {
    const paypal = provider(fake);
    const order = await approvedCaptureOrder(paypal, fake);
    fake.failNext("captureOrder", "pending");
    const pending = await paypal.captureOrder(order.id, rid());
    expect(pending).toMatchObject({ status: "PENDING", amountCents: 15_000 });
    fake.settle(pending.id, "COMPLETED");
    expect(await paypal.getCapture(pending.id)).toEqual({ ...pending, status: "COMPLETED" });
  });

  it("cannot authorize: AUTH_CAPTURE_NOT_ENABLED is refused, as rejected", async () => {
    const paypal = provider(fake);
    const order = await createOrder(paypal, { intent: "AUTHORIZE" });
    fake.approve(order.id);
    const error = await failure(paypal.authorizeOrder(order.id, rid()));
    expect(why(error)).toEqual(["rejected", "AUTH_CAPTURE_NOT_ENABLED"]);
    expect((await paypal.getOrder(order.id)).authorizations).toEqual([]);
  });

  it("reports an unknown capture as not_found", async () => {
    expect((await failure(provider(fake).getCapture("0000000000000000X"))).reason).toBe(
      "not_found",
    );
  });
});

describe("PayPal AUTHORIZE orders (Authorize and Capture)", () => {
  it("goes create → approve → authorize → capture in full, and reads each back", async () => {
    const paypal = provider(holds);
    const mark = holds.requests.length;
    const order = await createOrder(paypal);
    expect(why(await failure(paypal.authorizeOrder(order.id, rid())))).toEqual([
      "not_approved",
      "ORDER_NOT_APPROVED",
    ]);
    holds.approve(order.id);
    expect((await paypal.getOrder(order.id)).status).toBe("APPROVED");

    const authorization = await paypal.authorizeOrder(order.id, rid());
    expect(authorization).toMatchObject({ status: "CREATED", amountCents: 15_000 });
    const created = wholeSeconds(holds.authorization(authorization.id).createTime);
    expect(authorization.honoredUntil.getTime()).toBe(created + 3 * DAY_MS);
    expect(authorization.expiresAt.getTime()).toBe(created + 29 * DAY_MS);
    expect(await paypal.getAuthorization(authorization.id)).toEqual(authorization);

    const captured = await capture(paypal, authorization.id, 15_000, true);
    expect(captured).toMatchObject({ status: "COMPLETED", amountCents: 15_000 });
    expect(await paypal.getCapture(captured.id)).toEqual(captured);
    expect((await paypal.getAuthorization(authorization.id)).status).toBe("CAPTURED");

    const read = await paypal.getOrder(order.id);
    expect(read).toMatchObject({ status: "COMPLETED", intent: "AUTHORIZE", approveUrl: null });
    expect(read.authorizations.map((a) => [a.id, a.status])).toEqual([
      [authorization.id, "CAPTURED"],
    ]);
    expect(read.captures).toEqual([captured]);

    const posts = since(holds, mark).filter((r) => r.method === "POST" && r.operation !== "token");
    expect(posts.map((p) => p.operation)).toEqual([
      "createOrder",
      "authorize",
      "authorize",
      "capture",
    ]);
    for (const post of posts) expect(post.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const captureBody = JSON.parse(posts.find((p) => p.operation === "capture")?.body ?? "{}");
    expect(captureBody).toEqual({
      amount: { currency_code: "USD", value: "150.00" },
      final_capture: true,
    });
  });

  it("takes a deposit and then the rest when the account allows multiple captures", async () => {
    await withCapabilities(holds, { multipleCaptures: true }, async () => {
      const paypal = provider(holds);
      const { order, authorization } = await authorized(paypal);
      const deposit = await capture(paypal, authorization.id, 4_500, false);
      expect(deposit).toMatchObject({ status: "COMPLETED", amountCents: 4_500 });
      expect((await paypal.getAuthorization(authorization.id)).status).toBe("PARTIALLY_CAPTURED");
      const rest = await capture(paypal, authorization.id, 10_500, true);
      expect(rest).toMatchObject({ status: "COMPLETED", amountCents: 10_500 });
      expect((await paypal.getOrder(order.id)).captures.map((c) => [c.id, c.amountCents])).toEqual([
        [deposit.id, 4_500],
        [rest.id, 10_500],
      ]);
    });
  });

  it("refuses a second capture of one authorization without multiple captures", async () => {
    const paypal = provider(holds);
    const { authorization } = await authorized(paypal);
    await capture(paypal, authorization.id, 4_500, false);
    expect((await paypal.getAuthorization(authorization.id)).status).toBe("PARTIALLY_CAPTURED");
    expect(why(await failure(capture(paypal, authorization.id, 10_500, true)))).toEqual([
      "rejected",
      "MAX_CAPTURE_COUNT_EXCEEDED",
    ]);
    expect(holds.authorization(authorization.id).captureIds).toHaveLength(1);
  });

  it("refuses to capture after the final capture (already_done)", async () => {
    const paypal = provider(holds);
    const { authorization } = await authorized(paypal);
    await capture(paypal, authorization.id, 15_000, true);
    expect(why(await failure(capture(paypal, authorization.id, 100, false)))).toEqual([
      "already_done",
      "AUTHORIZATION_ALREADY_CAPTURED",
    ]);
  });

  it("voids the rest of a hold after a partial capture, not after a final one", async () => {
    const paypal = provider(holds);
    const { order, authorization } = await authorized(paypal);
    await capture(paypal, authorization.id, 4_500, false);
    const mark = holds.requests.length;
    await paypal.voidAuthorization(authorization.id, rid());
    // PayPal's void takes no PayPal-Request-Id.
    const sent = since(holds, mark).filter((r) => r.operation === "void");
    expect(sent.map((r) => r.requestId)).toEqual([null]);
    expect((await paypal.getOrder(order.id)).authorizations[0]?.status).toBe("VOIDED");
    expect((await paypal.getAuthorization(authorization.id)).status).toBe("VOIDED");
    expect(why(await failure(paypal.voidAuthorization(authorization.id, rid())))).toEqual([
      "already_done",
      "PREVIOUSLY_VOIDED",
    ]);
    expect(why(await failure(capture(paypal, authorization.id, 100, true)))).toEqual([
      "authorization_expired",
      "AUTHORIZATION_VOIDED",
    ]);

    const second = await authorized(paypal);
    await capture(paypal, second.authorization.id, 15_000, true);
    expect(why(await failure(paypal.voidAuthorization(second.authorization.id, rid())))).toEqual([
      "already_done",
      "PREVIOUSLY_CAPTURED",
    ]);
  });

  it("answers already_done when a void's answer was lost and the retry voids again", async () => {
    const paypal = provider(holds);
    const { authorization } = await authorized(paypal);
    holds.failNext("void", "server_error_after_acting");
    // No request id makes the retry a second void: PREVIOUSLY_VOIDED, the hold is released.
    expect(why(await failure(paypal.voidAuthorization(authorization.id, rid())))).toEqual([
      "already_done",
      "PREVIOUSLY_VOIDED",
    ]);
    expect((await paypal.getAuthorization(authorization.id)).status).toBe("VOIDED");
  });

  it("refunds a capture in parts or what is left of it, never more than was captured", async () => {
    const paypal = provider(holds);
    const { authorization } = await authorized(paypal);
    const captured = await capture(paypal, authorization.id, 15_000, true);
    const refund = (amountCents: number | null) =>
      paypal.refundCapture(captured.id, { amountCents, currency: "USD", requestId: rid() });
    expect(await refund(5_000)).toMatchObject({ status: "COMPLETED", amountCents: 5_000 });
    expect((await paypal.getCapture(captured.id)).status).toBe("PARTIALLY_REFUNDED");
    expect(why(await failure(refund(10_001)))).toEqual(["rejected", "REFUND_AMOUNT_EXCEEDED"]);
    expect((await refund(null)).amountCents).toBe(10_000);
    const refundBody = holds.requests.filter((r) => r.operation === "refund").at(-1)?.body;
    expect(JSON.parse(refundBody ?? "null")).toEqual({});
    expect((await paypal.getCapture(captured.id)).status).toBe("REFUNDED");
    expect(why(await failure(refund(1)))).toEqual(["already_done", "CAPTURE_FULLY_REFUNDED"]);
  });

  it("reports a declined capture as a DECLINED capture on a COMPLETED order", async () => {
    const paypal = provider(holds);
    const { order, authorization } = await authorized(paypal);
    holds.failNext("capture", "declined");
    const declined = await capture(paypal, authorization.id, 15_000, true);
    expect(declined).toMatchObject({ status: "DECLINED", amountCents: 15_000 });
    const read = await paypal.getOrder(order.id);
    expect(read.status).toBe("COMPLETED");
    expect(read.captures.map((c) => c.status)).toEqual(["DECLINED"]);
    expect((await paypal.getCapture(declined.id)).status).toBe("DECLINED");
  });

  it("reports a declined instrument on authorize as declined, with the buyer's page", async () => {
    const paypal = provider(holds);
    const order = await createOrder(paypal);
    holds.approve(order.id);
    holds.failNext("authorize", "instrument_declined");
    const error = await failure(paypal.authorizeOrder(order.id, rid()));
    expect(why(error)).toEqual(["declined", "INSTRUMENT_DECLINED"]);
    expect(error.payerActionUrl).toBe(`${holds.baseUrl}/checkoutnow?token=${order.id}`);
    expect((await paypal.getOrder(order.id)).status).toBe("PAYER_ACTION_REQUIRED");
    holds.approve(order.id);
    expect((await paypal.authorizeOrder(order.id, rid())).status).toBe("CREATED");
  });

  it("answers a PENDING authorization, which PayPal later creates or denies", async () => {
    const paypal = provider(holds);
    const created = await createOrder(paypal);
    holds.approve(created.id);
    holds.failNext("authorize", "pending");
    const pending = await paypal.authorizeOrder(created.id, rid());
    expect(pending.status).toBe("PENDING");
    holds.settle(pending.id, "COMPLETED");
    expect((await paypal.getAuthorization(pending.id)).status).toBe("CREATED");

    const denied = await createOrder(paypal);
    holds.approve(denied.id);
    holds.failNext("authorize", "pending");
    const review = await paypal.authorizeOrder(denied.id, rid());
    holds.settle(review.id, "DENIED");
    expect((await paypal.getAuthorization(review.id)).status).toBe("DENIED");
  });

  it("reads a lapsed authorization as VOIDED (PayPal has no EXPIRED) and refuses to capture it", async () => {
    const paypal = provider(holds);
    const first = await authorized(paypal);
    holds.failNext("capture", "expired");
    expect(why(await failure(capture(paypal, first.authorization.id, 4_500, false)))).toEqual([
      "authorization_expired",
      "AUTHORIZATION_EXPIRED",
    ]);
    expect((await paypal.getAuthorization(first.authorization.id)).status).toBe("VOIDED");

    const second = await authorized(paypal);
    advance(29 * DAY_MS - 60_000);
    expect((await paypal.getAuthorization(second.authorization.id)).status).toBe("CREATED");
    advance(2 * DAY_MS);
    expect((await paypal.getAuthorization(second.authorization.id)).status).toBe("VOIDED");
    expect((await paypal.getOrder(second.order.id)).authorizations[0]?.status).toBe("VOIDED");
    expect(why(await failure(capture(paypal, second.authorization.id, 100, false)))).toEqual([
      "authorization_expired",
      "AUTHORIZATION_EXPIRED",
    ]);
  });

  it("reports an unknown authorization as not_found", async () => {
    expect((await failure(provider(holds).getAuthorization("0000000000000000X"))).reason).toBe(
      "not_found",
    );
  });
});

describe("PayPal retries and request ids", () => {
  it("retries a 5xx with the same request id and acts once", async () => {
    const paypal = provider(holds);
    const { authorization } = await authorized(paypal);
    holds.failNext("capture", "server_error");
    const mark = holds.requests.length;
    const requestId = rid();
    const result = await paypal.captureAuthorization(authorization.id, {
      amountCents: 15_000,
      currency: "USD",
      finalCapture: true,
      requestId,
    });
    expect(result.status).toBe("COMPLETED");
    const attempts = since(holds, mark).filter((r) => r.operation === "capture");
    expect(attempts.map((r) => r.requestId)).toEqual([requestId, requestId]);
    expect(holds.authorization(authorization.id).captureIds).toEqual([result.id]);
  });

  it("gets the first answer back when PayPal acted but the answer was lost", async () => {
    const paypal = provider(holds);
    const { authorization } = await authorized(paypal);
    holds.failNext("capture", "server_error_after_acting");
    const result = await capture(paypal, authorization.id, 4_500, false);
    expect(result).toMatchObject({ status: "COMPLETED", amountCents: 4_500 });
    expect(holds.authorization(authorization.id).captureIds).toEqual([result.id]);

    const order = await approvedCaptureOrder(provider(fake), fake);
    fake.failNext("captureOrder", "server_error_after_acting");
    const captured = await provider(fake).captureOrder(order.id, rid());
    expect(fake.order(order.id).captureIds).toEqual([captured.id]);
  });

  it("gives up as unavailable after three failed attempts", async () => {
    const paypal = provider(fake);
    fake.failNext("createOrder", "server_error", 3);
    const mark = fake.requests.length;
    const requestId = rid();
    expect((await failure(createOrder(paypal, { requestId }))).reason).toBe("unavailable");
    const attempts = since(fake, mark).filter((r) => r.operation === "createOrder");
    expect(attempts.map((r) => r.requestId)).toEqual([requestId, requestId, requestId]);

    const nobody = `http://127.0.0.1:${await freePort()}`;
    const offline = provider(fake, { config: { ...fake.config, apiBase: nobody } });
    expect((await failure(offline.getOrder("ABC"))).reason).toBe("unavailable");
  });

  it("acts once when the same request id is sent twice", async () => {
    const paypal = provider(holds);
    const requestId = rid();
    const ordersBefore = holds.state.orders.size;
    const first = await createOrder(paypal, { requestId });
    const second = await createOrder(paypal, { requestId });
    expect(second.id).toBe(first.id);
    expect(holds.state.orders.size).toBe(ordersBefore + 1);

    holds.approve(first.id);
    const authorizeId = rid();
    const authorization = await paypal.authorizeOrder(first.id, authorizeId);
    expect(await paypal.authorizeOrder(first.id, authorizeId)).toEqual(authorization);
    const input = { amountCents: 4_500, currency: "USD", finalCapture: false, requestId: rid() };
    const a = await paypal.captureAuthorization(authorization.id, input);
    const b = await paypal.captureAuthorization(authorization.id, input);
    expect(b.id).toBe(a.id);
    expect(holds.authorization(authorization.id).captureIds).toEqual([a.id]);
  });
});
