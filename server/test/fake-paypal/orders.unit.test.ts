import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HOUR_MS } from "./model.ts";
import { type FakePayPal, startFakePayPal } from "./server.ts";
import { approvedOrder, issue, orderBody, type PayPalClient, paypalClient } from "./test-client.ts";

// Orders v2 on the strict fake, over HTTP: both intents, the merchant's Authorize & Capture
// switch, the order's 3-hour windows, a declined instrument and a pending authorization.

let fake: FakePayPal;
let client: PayPalClient;
let clock: Date;

beforeAll(async () => {
  fake = await startFakePayPal({ now: () => clock });
  client = paypalClient(fake);
});
afterAll(() => fake?.close());
beforeEach(() => {
  clock = new Date();
  fake.setCapabilities({
    authCapture: true,
    multipleCaptures: false,
    reauthorizePartiallyCaptured: false,
  });
});

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const authorize = (orderId: string) => client.post(`/v2/checkout/orders/${orderId}/authorize`, {});
const captureOrder = (orderId: string) => client.post(`/v2/checkout/orders/${orderId}/capture`, {});
const link = (body: { links: { rel: string; href: string }[] }, rel: string) =>
  body.links.find((l) => l.rel === rel)?.href;

describe("creating an order", () => {
  it("answers the minimal body by default and the order with Prefer: return=representation", async () => {
    const minimal = await client.post("/v2/checkout/orders", orderBody(), { full: false });
    expect(minimal.status).toBe(201);
    expect(Object.keys(minimal.body).sort()).toEqual(["id", "links", "status"]);
    expect(minimal.body.status).toBe("PAYER_ACTION_REQUIRED");
    expect(link(minimal.body, "payer-action")).toBe(
      `${fake.baseUrl}/checkoutnow?token=${minimal.body.id}`,
    );

    const full = await client.post("/v2/checkout/orders", orderBody("CAPTURE"));
    expect(full.body).toMatchObject({
      intent: "CAPTURE",
      status: "PAYER_ACTION_REQUIRED",
      purchase_units: [
        { reference_id: "booking-1", amount: { currency_code: "USD", value: "150.00" } },
      ],
    });
  });

  it("refuses 0.00 (422 CANNOT_BE_ZERO_OR_NEGATIVE), 1.5 (DECIMAL_PRECISION) and a long description", async () => {
    const zero = await client.post("/v2/checkout/orders", orderBody("AUTHORIZE", "0.00"));
    expect([zero.status, zero.body.name, issue(zero)]).toEqual([
      422,
      "UNPROCESSABLE_ENTITY",
      "CANNOT_BE_ZERO_OR_NEGATIVE",
    ]);
    const half = await client.post("/v2/checkout/orders", orderBody("AUTHORIZE", "1.5"));
    expect([half.status, issue(half)]).toEqual([422, "DECIMAL_PRECISION"]);
    const body = orderBody();
    body.purchase_units[0]!.description = "d".repeat(128);
    const long = await client.post("/v2/checkout/orders", body);
    expect([long.status, long.body.name, issue(long)]).toEqual([
      400,
      "INVALID_REQUEST",
      "INVALID_STRING_LENGTH",
    ]);
    expect(long.body.details[0].field).toBe("/purchase_units/0/description");
    expect(fake.violations.slice(-3).map((v) => v.status)).toEqual([422, 422, 400]);
  });

  it("sends the buyer back to the return URL with the token and a PayerID", async () => {
    const created = await client.post("/v2/checkout/orders", orderBody());
    const page = await fetch(link(created.body, "payer-action") ?? "", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(
      new RegExp(`^https://shutterhail.test/paid\\?token=${created.body.id}&PayerID=[A-Z0-9]+$`),
    );
    expect((await client.get(`/v2/checkout/orders/${created.body.id}`)).body.status).toBe(
      "APPROVED",
    );
  });
});

describe("authorize and capture by intent", () => {
  it("authorizes an AUTHORIZE order once, answering the order with its authorization", async () => {
    const orderId = await approvedOrder(client);
    const res = await authorize(orderId);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("COMPLETED");
    const [auth] = res.body.purchase_units[0].payments.authorizations;
    expect(auth).toMatchObject({ status: "CREATED", amount: { value: "150.00" } });
    expect(issue(await authorize(orderId))).toBe("ORDER_ALREADY_AUTHORIZED");
  });

  it("captures a CAPTURE order's whole amount", async () => {
    const orderId = await approvedOrder(client, "CAPTURE", "80.00");
    const res = await captureOrder(orderId);
    expect(res.status).toBe(201);
    expect(res.body.purchase_units[0].payments.captures).toMatchObject([
      { status: "COMPLETED", amount: { value: "80.00" }, final_capture: true },
    ]);
    expect(issue(await captureOrder(orderId))).toBe("ORDER_ALREADY_CAPTURED");
  });

  it("refuses the action that does not match the intent (ACTION_DOES_NOT_MATCH_INTENT)", async () => {
    const capturing = await approvedOrder(client, "CAPTURE");
    const authorizing = await approvedOrder(client, "AUTHORIZE");
    for (const res of [await authorize(capturing), await captureOrder(authorizing)]) {
      expect([res.status, issue(res)]).toEqual([422, "ACTION_DOES_NOT_MATCH_INTENT"]);
    }
  });

  it("refuses to authorize on a default account (422 AUTH_CAPTURE_NOT_ENABLED), not to capture", async () => {
    fake.setCapabilities({ authCapture: false });
    expect(fake.capabilities).toEqual({
      authCapture: false,
      multipleCaptures: false,
      reauthorizePartiallyCaptured: false,
    });
    const res = await authorize(await approvedOrder(client));
    expect([res.status, issue(res)]).toEqual([422, "AUTH_CAPTURE_NOT_ENABLED"]);
    expect((await captureOrder(await approvedOrder(client, "CAPTURE"))).status).toBe(201);
  });

  it("starts a default account with every capability off", async () => {
    const other = await startFakePayPal();
    try {
      expect(other.capabilities).toEqual({
        authCapture: false,
        multipleCaptures: false,
        reauthorizePartiallyCaptured: false,
      });
    } finally {
      await other.close();
    }
  });

  it("refuses an unapproved order (ORDER_NOT_APPROVED)", async () => {
    const created = await client.post("/v2/checkout/orders", orderBody());
    expect(issue(await authorize(created.body.id))).toBe("ORDER_NOT_APPROVED");
  });
});

describe("order expiry (3 hours to approve, then 3 hours to authorize or capture)", () => {
  it("expires an order not approved within 3 hours of its creation", async () => {
    const created = await client.post("/v2/checkout/orders", orderBody());
    const page = link(created.body, "payer-action") ?? "";
    advance(3 * HOUR_MS - 1000);
    expect((await client.get(`/v2/checkout/orders/${created.body.id}`)).status).toBe(200);
    advance(2000);
    expect((await fetch(page, { redirect: "manual" })).status).toBe(410);
    expect(() => fake.approve(created.body.id)).toThrow();
    const read = await client.get(`/v2/checkout/orders/${created.body.id}`);
    expect([read.status, read.body.name]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    expect(issue(await authorize(created.body.id))).toBe("ORDER_EXPIRED");
  });

  it("expires an approved order not authorized or captured within 3 hours of the approval", async () => {
    const created = await client.post("/v2/checkout/orders", orderBody("CAPTURE"));
    advance(2 * HOUR_MS);
    fake.approve(created.body.id);
    advance(2 * HOUR_MS); // 4 h after creation, 2 h after approval: still fine
    const early = await approvedOrder(client, "CAPTURE");
    expect((await captureOrder(created.body.id)).status).toBe(201);
    advance(3 * HOUR_MS + 1000);
    const late = await captureOrder(early);
    expect([late.status, issue(late)]).toEqual([422, "ORDER_EXPIRED"]);
  });
});

describe("a declined instrument", () => {
  it("answers INSTRUMENT_DECLINED with a redirect link, sends the order back to the buyer, and authorizes after", async () => {
    const orderId = await approvedOrder(client);
    fake.failNext("authorize", "instrument_declined");
    const declined = await authorize(orderId);
    expect([declined.status, issue(declined)]).toEqual([422, "INSTRUMENT_DECLINED"]);
    const page = `${fake.baseUrl}/checkoutnow?token=${orderId}`;
    expect(declined.body.links).toContainEqual({ href: page, rel: "redirect", method: "GET" });
    const read = await client.get(`/v2/checkout/orders/${orderId}`);
    expect(read.body.status).toBe("PAYER_ACTION_REQUIRED");
    expect(link(read.body, "payer-action")).toBe(page);
    expect(issue(await authorize(orderId))).toBe("ORDER_NOT_APPROVED");
    expect((await fetch(page, { redirect: "manual" })).status).toBe(302);
    expect((await authorize(orderId)).status).toBe(201);
  });

  it("does the same for a CAPTURE order's capture", async () => {
    const orderId = await approvedOrder(client, "CAPTURE");
    fake.failNext("captureOrder", "declined");
    expect(issue(await captureOrder(orderId))).toBe("INSTRUMENT_DECLINED");
    expect(fake.order(orderId).status).toBe("PAYER_ACTION_REQUIRED");
  });

  it("refuses steering a kind onto an operation it does not apply to", () => {
    expect(() => fake.failNext("refund", "instrument_declined")).toThrow();
  });
});

describe("a pending authorization", () => {
  it("is created PENDING, cannot be captured yet, and settles with PayPal's webhook", async () => {
    const orderId = await approvedOrder(client);
    fake.failNext("authorize", "pending");
    const res = await authorize(orderId);
    const [auth] = res.body.purchase_units[0].payments.authorizations;
    expect(auth).toMatchObject({ status: "PENDING", status_details: { reason: "PENDING_REVIEW" } });
    const early = await client.post(`/v2/payments/authorizations/${auth.id}/capture`, {});
    expect(issue(early)).toBe("TRANSACTION_REFUSED");

    const delivery = fake.settle(auth.id, "COMPLETED");
    expect(delivery?.event).toMatchObject({
      event_type: "PAYMENT.AUTHORIZATION.CREATED",
      resource: { id: auth.id, status: "CREATED" },
    });
    expect((await client.get(`/v2/payments/authorizations/${auth.id}`)).body.status).toBe(
      "CREATED",
    );

    const other = await approvedOrder(client);
    fake.failNext("authorize", "pending");
    const second = (await authorize(other)).body.purchase_units[0].payments.authorizations[0];
    expect(fake.settle(second.id, "DENIED")).toBeNull();
    expect(fake.authorization(second.id).status).toBe("DENIED");
  });
});

describe("answers checked against PayPal's schemas", () => {
  it("turns an answer off its schema into a bug the test run sees", async () => {
    const seen: Error[] = [];
    const other = await startFakePayPal({ onBug: (error) => seen.push(error) });
    try {
      const order = other.state.createOrder({
        referenceId: "booking-1",
        description: "d".repeat(200), // PayPal never shows more than 127
        amountCents: 1000,
        currency: "USD",
        approveRel: "approve",
        returnUrl: null,
        cancelUrl: null,
      });
      const res = await paypalClient(other).get(`/v2/checkout/orders/${order.id}`);
      expect([res.status, res.body.name]).toEqual([500, "FAKE_PAYPAL_BUG"]);
      expect(seen).toHaveLength(1);
      expect(other.bugs).toEqual(seen);
      expect(() => other.resource("order", order.id)).toThrow(/fake PayPal bug/);
    } finally {
      await other.close();
    }
  });
});
