import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "./model.ts";
import { type FakePayPal, startFakePayPal } from "./server.ts";
import {
  approvedOrder,
  authorization,
  issue,
  orderBody,
  type PayPalClient,
  paypalClient,
  usd,
} from "./test-client.ts";

// PayPal-Request-Id on the strict fake: kept per API (orders 6 h, payments 45 days, payouts 30
// days), a repeat answers the object's latest state, 409 while the first is in flight, a reuse
// for another operation recorded, more than 108 characters refused.

let fake: FakePayPal;
let client: PayPalClient;
let clock: Date;

beforeAll(async () => {
  fake = await startFakePayPal({ now: () => clock, capabilities: { authCapture: true } });
  client = paypalClient(fake);
});
afterAll(() => fake?.close());
beforeEach(() => {
  clock = new Date();
  client.dropToken();
});

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
  client.dropToken();
};

describe("a repeated PayPal-Request-Id", () => {
  it("answers an order's latest state without acting, within 6 hours; acts again after", async () => {
    const requestId = randomUUID();
    const first = await client.post("/v2/checkout/orders", orderBody(), { requestId });
    fake.approve(first.body.id);
    const orders = fake.state.orders.size;
    const again = await client.post("/v2/checkout/orders", orderBody(), { requestId });
    expect([again.status, again.body.id, again.body.status]).toEqual([
      200,
      first.body.id,
      "APPROVED",
    ]);
    expect(fake.state.orders.size).toBe(orders);

    advance(6 * HOUR_MS + 1000);
    const later = await client.post("/v2/checkout/orders", orderBody(), { requestId });
    expect([later.status, later.body.id === first.body.id]).toEqual([201, false]);
  });

  it("answers a capture's latest state for 45 days, then forgets the id", async () => {
    fake.setCapabilities({ multipleCaptures: true });
    const { id } = await authorization(client, "100.00");
    const requestId = randomUUID();
    const body = { amount: usd("10.00"), final_capture: false };
    const first = await client.post(`/v2/payments/authorizations/${id}/capture`, body, {
      requestId,
    });
    await client.post(`/v2/payments/captures/${first.body.id}/refund`, {});
    advance(28 * DAY_MS); // the authorization is still valid (29 days)
    const again = await client.post(`/v2/payments/authorizations/${id}/capture`, body, {
      requestId,
    });
    expect([again.body.id, again.body.status]).toEqual([first.body.id, "REFUNDED"]);
    expect(fake.authorization(id).captureIds).toHaveLength(1);

    const other = await authorization(client, "100.00");
    const otherId = randomUUID();
    const path = `/v2/payments/authorizations/${other.id}/capture`;
    const one = await client.post(path, body, { requestId: otherId });
    advance(20 * DAY_MS);
    advance(25 * DAY_MS + 1000); // 45 days and a second: forgotten (and the hold has lapsed)
    const after = await client.post(path, body, { requestId: otherId });
    expect([after.status, issue(after)]).toEqual([422, "AUTHORIZATION_EXPIRED"]);
    expect(one.status).toBe(201);
  });

  it("is not remembered when the first request was refused", async () => {
    const created = await client.post("/v2/checkout/orders", orderBody());
    const requestId = randomUUID();
    const path = `/v2/checkout/orders/${created.body.id}/authorize`;
    expect(issue(await client.post(path, {}, { requestId }))).toBe("ORDER_NOT_APPROVED");
    fake.approve(created.body.id);
    expect((await client.post(path, {}, { requestId })).status).toBe(201);
  });

  it("answers 409 while the first request is still in flight", async () => {
    const orderId = await approvedOrder(client);
    const requestId = randomUUID();
    const path = `/v2/checkout/orders/${orderId}/authorize`;
    const release = fake.holdNext("authorize");
    const first = client.post(path, {}, { requestId });
    await release.arrived;
    const duplicate = await client.post(path, {}, { requestId });
    expect([duplicate.status, duplicate.body.name, issue(duplicate)]).toEqual([
      409,
      "RESOURCE_CONFLICT",
      "PREVIOUS_REQUEST_IN_PROGRESS",
    ]);
    release();
    expect((await first).status).toBe(201);
    expect((await client.post(path, {}, { requestId })).status).toBe(200);
  });

  it("records an id reused for another operation, and acts", async () => {
    const requestId = randomUUID();
    const order = await client.post("/v2/checkout/orders", orderBody(), { requestId });
    fake.approve(order.body.id);
    const res = await client.post(
      `/v2/checkout/orders/${order.body.id}/authorize`,
      {},
      { requestId },
    );
    expect(res.status).toBe(201);
    expect(fake.requestIdReuse.filter((r) => r.requestId === requestId)).toEqual([
      {
        requestId,
        first: { method: "POST", path: "/v2/checkout/orders", operation: "createOrder" },
        again: {
          method: "POST",
          path: `/v2/checkout/orders/${order.body.id}/authorize`,
          operation: "authorize",
        },
      },
    ]);
  });

  it("is refused when longer than 108 characters (400)", async () => {
    const res = await client.post("/v2/checkout/orders", orderBody(), {
      requestId: "r".repeat(109),
    });
    expect([res.status, res.body.name, issue(res)]).toEqual([
      400,
      "INVALID_REQUEST",
      "INVALID_STRING_LENGTH",
    ]);
    expect(fake.violations.at(-1)).toMatchObject({
      status: 400,
      details: [{ field: "PayPal-Request-Id" }],
    });
    expect(
      (await client.post("/v2/checkout/orders", orderBody(), { requestId: "r".repeat(108) }))
        .status,
    ).toBe(201);
  });
});

describe("Prefer", () => {
  it("answers minimal bodies by default on orders and payments POSTs, full GETs", async () => {
    const orderId = await approvedOrder(client);
    const authorize = await client.post(
      `/v2/checkout/orders/${orderId}/authorize`,
      {},
      { full: false },
    );
    expect(Object.keys(authorize.body).sort()).toEqual(["id", "links", "status"]);
    const authId = fake.order(orderId).authorizationIds[0];
    const capture = await client.post(
      `/v2/payments/authorizations/${authId}/capture`,
      {},
      { full: false },
    );
    expect(Object.keys(capture.body).sort()).toEqual(["id", "links", "status"]);
    const read = await client.get(`/v2/payments/captures/${capture.body.id}`);
    expect(read.body).toMatchObject({ amount: { value: "150.00" }, final_capture: true });
  });
});
