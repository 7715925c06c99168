import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DAY_MS } from "./model.ts";
import { type FakePayPal, startFakePayPal } from "./server.ts";
import { authorization, issue, type PayPalClient, paypalClient, usd } from "./test-client.ts";

// Payments v2 on the strict fake, over HTTP, at both corners of the merchant's capabilities:
// captures, voids, reauthorizations, lapsed holds, refunds, and the money PayPal moves later.

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
  client.dropToken();
  fake.setCapabilities({
    authCapture: true,
    multipleCaptures: false,
    reauthorizePartiallyCaptured: false,
  });
});

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
  client.dropToken();
};
const auth = (id: string) => `/v2/payments/authorizations/${id}`;
const capture = (id: string, value?: string, final = false) =>
  client.post(`${auth(id)}/capture`, value ? { amount: usd(value), final_capture: final } : {});
const reauthorize = (id: string, value: string) =>
  client.post(`${auth(id)}/reauthorize`, { amount: usd(value) });
const voidIt = (id: string) => client.post(`${auth(id)}/void`, undefined, { requestId: null });

describe("capturing an authorization", () => {
  it("without multiple captures: a partial first capture, then 422 MAX_CAPTURE_COUNT_EXCEEDED", async () => {
    for (const final of [false, true]) {
      const { id } = await authorization(client);
      const first = await capture(id, "45.00", final);
      expect([first.status, first.body.status, first.body.final_capture]).toEqual([
        201,
        "COMPLETED",
        final,
      ]);
      expect(fake.authorization(id).status).toBe(final ? "CAPTURED" : "PARTIALLY_CAPTURED");
      const second = await capture(id, "105.00", true);
      expect([second.status, issue(second)]).toEqual([
        422,
        final ? "AUTHORIZATION_ALREADY_CAPTURED" : "MAX_CAPTURE_COUNT_EXCEEDED",
      ]);
    }
  });

  it("with multiple captures: the deposit then the rest, up to 115 % (at most +$75)", async () => {
    fake.setCapabilities({ multipleCaptures: true });
    const { id } = await authorization(client, "100.00");
    expect((await capture(id, "30.00")).status).toBe(201);
    const over = await capture(id, "85.01", true); // 30 + 85.01 > 115
    expect(issue(over)).toBe("MAX_CAPTURE_AMOUNT_EXCEEDED");
    const rest = await capture(id, "85.00", true);
    expect(rest.body.status).toBe("COMPLETED");
    const read = await client.get(auth(id));
    expect(read.body).toMatchObject({ status: "CAPTURED", amount: { value: "100.00" } });
    expect(issue(await capture(id, "1.00"))).toBe("AUTHORIZATION_ALREADY_CAPTURED");
  });

  it("answers a declined capture 201 with status DECLINED, leaving the hold open", async () => {
    const { id, orderId } = await authorization(client);
    fake.failNext("capture", "declined");
    const declined = await capture(id, "150.00", true);
    expect([declined.status, declined.body.status]).toEqual([201, "DECLINED"]);
    const order = await client.get(`/v2/checkout/orders/${orderId}`);
    expect(order.body.status).toBe("COMPLETED");
    expect(
      order.body.purchase_units[0].payments.captures.map((c: { status: string }) => c.status),
    ).toEqual(["DECLINED"]);
    expect((await capture(id, "150.00", true)).body.status).toBe("COMPLETED");
  });

  it("settles a PENDING capture as COMPLETED or DENIED, with PayPal's webhook", async () => {
    fake.setCapabilities({ multipleCaptures: true });
    const { id } = await authorization(client);
    fake.failNext("capture", "pending", 2);
    const a = (await capture(id, "50.00")).body;
    const b = (await capture(id, "50.00")).body;
    expect([a.status, a.status_details]).toEqual(["PENDING", { reason: "PENDING_REVIEW" }]);
    expect(issue(await client.post(`/v2/payments/captures/${a.id}/refund`, {}))).toBe(
      "PENDING_CAPTURE",
    );
    expect(
      fake.outbox.filter((d) => d.event.event_type === "PAYMENT.CAPTURE.PENDING"),
    ).toHaveLength(2);
    const done = fake.settle(a.id, "COMPLETED");
    expect(done?.event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { id: a.id, status: "COMPLETED" },
    });
    const denied = fake.settle(b.id, "DENIED");
    expect(denied?.event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.DENIED",
      resource: { id: b.id, status: "DECLINED" },
    });
    expect((await client.get(`/v2/payments/captures/${b.id}`)).body.status).toBe("DECLINED");
  });

  it("refuses 0.00 and 1.5 as PayPal does, and records the violations", async () => {
    const { id } = await authorization(client);
    const before = fake.violations.length;
    expect([(await capture(id, "0.00")).status, issue(await capture(id, "0.00"))]).toEqual([
      422,
      "CANNOT_BE_ZERO_OR_NEGATIVE",
    ]);
    expect(issue(await capture(id, "1.5"))).toBe("DECIMAL_PRECISION");
    expect(fake.violations.slice(before).map((v) => v.details[0]?.issue)).toEqual([
      "CANNOT_BE_ZERO_OR_NEGATIVE",
      "CANNOT_BE_ZERO_OR_NEGATIVE",
      "DECIMAL_PRECISION",
    ]);
    expect(fake.authorization(id).captureIds).toEqual([]);
  });
});

describe("voiding", () => {
  it("voids before a capture or after a partial one, not after a final one", async () => {
    const a = await authorization(client);
    await capture(a.id, "45.00");
    const voided = await client.post(`${auth(a.id)}/void`, undefined, { requestId: null });
    expect([voided.status, voided.body.status]).toEqual([200, "VOIDED"]);
    expect(issue(await voidIt(a.id))).toBe("PREVIOUSLY_VOIDED");
    expect(issue(await capture(a.id, "1.00"))).toBe("AUTHORIZATION_VOIDED");
    const b = await authorization(client);
    await capture(b.id);
    expect(issue(await voidIt(b.id))).toBe("PREVIOUSLY_CAPTURED");
  });

  it("answers 204 without Prefer: return=representation", async () => {
    const { id } = await authorization(client);
    const res = await client.post(`${auth(id)}/void`, undefined, { full: false });
    expect([res.status, res.body]).toEqual([204, null]);
  });

  it("refuses to void a reauthorization (CANNOT_BE_VOIDED); voiding the parent ends the chain", async () => {
    const { id } = await authorization(client);
    advance(4 * DAY_MS);
    const again = (await reauthorize(id, "150.00")).body;
    const res = await voidIt(again.id);
    expect([res.status, issue(res)]).toEqual([422, "CANNOT_BE_VOIDED"]);
    expect((await voidIt(id)).status).toBe(200);
    expect(fake.authorization(again.id).status).toBe("VOIDED");
    expect(issue(await capture(again.id, "1.00"))).toBe("AUTHORIZATION_VOIDED");
  });
});

describe("reauthorizing", () => {
  it("only after the 3-day honour period, each within 115 % and +$75 of the original, several times", async () => {
    const { id, orderId } = await authorization(client, "150.00");
    expect(issue(await reauthorize(id, "150.00"))).toBe("REAUTHORIZATION_NOT_SUPPORTED");
    advance(4 * DAY_MS);
    expect(issue(await reauthorize(id, "172.51"))).toBe("AUTHORIZATION_AMOUNT_EXCEEDED");
    const first = await reauthorize(id, "172.50");
    expect([first.status, first.body.status, first.body.amount.value]).toEqual([
      201,
      "CREATED",
      "172.50",
    ]);
    // A reauthorization keeps the original's 29 days (PayPal's times have whole seconds).
    const expires = fake.authorization(id).expirationTime.getTime();
    expect(Date.parse(first.body.expiration_time)).toBe(Math.floor(expires / 1000) * 1000);
    advance(DAY_MS);
    expect((await reauthorize(id, "150.00")).status).toBe(201);
    expect(issue(await reauthorize(first.body.id, "10.00"))).toBe("REAUTHORIZATION_NOT_SUPPORTED");
    expect(fake.order(orderId).authorizationIds).toHaveLength(3);

    const big = await authorization(client, "1000.00");
    advance(4 * DAY_MS);
    expect(issue(await reauthorize(big.id, "1075.01"))).toBe("AUTHORIZATION_AMOUNT_EXCEEDED");
  });

  it("refuses a partially captured authorization unless the account allows it", async () => {
    for (const allowed of [false, true]) {
      fake.setCapabilities({ multipleCaptures: true, reauthorizePartiallyCaptured: allowed });
      const { id } = await authorization(client, "150.00");
      await capture(id, "50.00");
      advance(4 * DAY_MS);
      const res = await reauthorize(id, "100.00");
      if (allowed) expect(res.body.status).toBe("CREATED");
      else expect([res.status, issue(res)]).toEqual([422, "AUTHORIZATION_ALREADY_CAPTURED"]);
    }
  });
});

describe("a hold that lapses after 29 days", () => {
  it("reads VOIDED (no EXPIRED), announces PAYMENT.AUTHORIZATION.VOIDED, and refuses a capture", async () => {
    const { id } = await authorization(client);
    fake.takeOutbox();
    advance(29 * DAY_MS + 1000);
    const read = await client.get(auth(id));
    expect(read.body.status).toBe("VOIDED");
    const voided = fake.takeOutbox().filter((d) => (d.event.resource as { id: string }).id === id);
    expect(voided.map((d) => d.event.event_type)).toEqual(["PAYMENT.AUTHORIZATION.VOIDED"]);
    expect(issue(await capture(id, "10.00"))).toBe("AUTHORIZATION_EXPIRED");
    expect(issue(await reauthorize(id, "10.00"))).toBe("AUTHORIZATION_VOIDED");
    expect(issue(await voidIt(id))).toBe("PREVIOUSLY_VOIDED");
  });

  it("can be made to lapse now with failNext(…, 'expired')", async () => {
    const { id } = await authorization(client);
    fake.failNext("capture", "expired");
    expect(issue(await capture(id, "10.00"))).toBe("AUTHORIZATION_EXPIRED");
    expect(fake.authorization(id).status).toBe("VOIDED");
  });
});

describe("refunds and money PayPal takes back", () => {
  it("refunds in parts, never more than is left; GET shows the capture and the refund", async () => {
    const { id } = await authorization(client);
    const cap = (await capture(id)).body;
    const part = await client.post(`/v2/payments/captures/${cap.id}/refund`, {
      amount: usd("50.00"),
    });
    expect([part.status, part.body.status, part.body.amount.value]).toEqual([
      201,
      "COMPLETED",
      "50.00",
    ]);
    expect(
      issue(await client.post(`/v2/payments/captures/${cap.id}/refund`, { amount: usd("100.01") })),
    ).toBe("REFUND_AMOUNT_EXCEEDED");
    expect((await client.get(`/v2/payments/captures/${cap.id}`)).body.status).toBe(
      "PARTIALLY_REFUNDED",
    );
    expect((await client.get(`/v2/payments/refunds/${part.body.id}`)).body).toMatchObject({
      id: part.body.id,
      amount: { value: "50.00" },
    });
    const rest = await client.post(`/v2/payments/captures/${cap.id}/refund`, {});
    expect(rest.body.amount.value).toBe("100.00");
    expect(issue(await client.post(`/v2/payments/captures/${cap.id}/refund`, {}))).toBe(
      "CAPTURE_FULLY_REFUNDED",
    );
  });

  it("reverses a capture (PAYMENT.CAPTURE.REVERSED, a refund-shaped resource)", async () => {
    const { id } = await authorization(client);
    const cap = (await capture(id)).body;
    const delivery = fake.reverse(cap.id);
    expect(delivery.event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.REVERSED",
      resource_type: "refund",
      resource: { status: "COMPLETED", amount: { value: "150.00" } },
    });
    expect((await client.get(`/v2/payments/captures/${cap.id}`)).body.status).toBe("REFUNDED");
  });

  it("refunds from PayPal's dashboard (PAYMENT.CAPTURE.REFUNDED)", async () => {
    const { id } = await authorization(client);
    const cap = (await capture(id)).body;
    const delivery = fake.refundOutside(cap.id, 2500);
    expect(delivery.event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        amount: { value: "25.00" },
        supplementary_data: { related_ids: { capture_id: cap.id } },
      },
    });
    expect(fake.capture(cap.id).status).toBe("PARTIALLY_REFUNDED");
  });

  it("answers 404 RESOURCE_NOT_FOUND for unknown payments", async () => {
    for (const path of ["authorizations", "captures", "refunds"]) {
      const res = await client.get(`/v2/payments/${path}/NOSUCHID0000000`);
      expect([res.status, res.body.name, issue(res)]).toEqual([
        404,
        "RESOURCE_NOT_FOUND",
        "INVALID_RESOURCE_ID",
      ]);
    }
  });
});
