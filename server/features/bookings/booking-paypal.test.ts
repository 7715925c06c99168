import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bookingParties,
  freshKey,
  getBooking,
  type Party,
  requestBooking,
} from "../../test/bookings.ts";
import {
  bookAhead,
  bookingRow,
  checkoutAtFake,
  dateIn,
  ledgerRows,
  moneyAtFake,
  type PayPalTestApp,
  startPayPalApp,
} from "../../test/paypal-bookings.ts";
import { PAYPAL_WEBHOOK_PATH } from "../payments/routes.ts";

// Booking and paying the deposit through the real PayPal adapter against the strict fake PayPal
// over HTTP, on a merchant account with PayPal's default settings (the deposit needs none of
// its optional capabilities): the order, the buyer's approval, the return URL, webhooks and the
// cancel URL. The app's clock is real time.

let env: PayPalTestApp;
let parties: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  env = await startPayPalApp({
    capabilities: {
      authCapture: false,
      multipleCaptures: false,
      reauthorizePartiallyCaptured: false,
    },
  });
});
afterAll(() => env?.close());
beforeEach(async () => {
  parties = await bookingParties(env.app);
});

const webhookUrl = () => `${env.app.url}${PAYPAL_WEBHOOK_PATH}`;
const returnTo = (orderId: string) =>
  env.app.fetch(`/api/payments/return?token=${orderId}`, { redirect: "manual" });
const statusOf = async (id: string) => (await getBooking(env.app, parties.client, id)).status;

describe("a deposit paid at PayPal", () => {
  it("is a CAPTURE order for the deposit, captured on return, as PayPal's schemas allow", async () => {
    const before = env.fake.requests.length;
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    const id = created.booking.id;
    expect(created.booking).toMatchObject({ status: "pending_payment", totalCents: 47_250 });

    const sent = JSON.parse(
      env.fake.requests.find((r) => r.operation === "createOrder")?.body ?? "{}",
    );
    expect(sent.intent).toBe("CAPTURE");
    expect(sent.purchase_units).toHaveLength(1);
    expect(sent.purchase_units[0]).toMatchObject({
      reference_id: id,
      amount: { currency_code: "USD", value: "135.00" },
    });
    expect(sent.purchase_units[0].description.length).toBeLessThanOrEqual(127);
    // The adapter asks with experience_context, so PayPal links "payer-action"; the browser
    // still gets rel "approve", which is what the web reads.
    expect(env.fake.order(created.order.id).approveRel).toBe("payer-action");
    expect(created.order.links).toEqual([
      { rel: "approve", href: `${env.fake.baseUrl}/checkoutnow?token=${created.order.id}` },
    ]);

    const { back, landing } = await checkoutAtFake(created.order);
    expect(back).toContain(`${env.app.url}/api/payments/return?token=${created.order.id}`);
    expect(landing).toBe(`/bookings/${id}?payment=approved`);
    expect(await statusOf(id)).toBe("pending");

    const money = moneyAtFake(env.fake, created.order.id);
    expect(money.authorizations).toEqual([]);
    expect(money.captures.map((c) => [c.amountCents, c.status])).toEqual([[13_500, "COMPLETED"]]);
    expect(await ledgerRows(env.app, id)).toEqual([
      {
        kind: "deposit_capture",
        amount_cents: 13_500,
        provider: "paypal",
        provider_ref: money.captures[0]?.id,
        status: "COMPLETED",
      },
    ]);
    expect(await bookingRow(env.app, id)).toMatchObject({
      paypal_order_id: created.order.id,
      payment_provider: "paypal",
      remainder_state: "awaiting",
    });

    // A double click on the way back: the same landing, no second capture or ledger line.
    const again = await fetch(back, { redirect: "manual" });
    expect(again.headers.get("location")).toBe(`/bookings/${id}?payment=approved`);
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
    expect(await ledgerRows(env.app, id)).toHaveLength(1);

    // Every POST carried a PayPal-Request-Id of its own; nothing broke PayPal's schemas.
    const posts = env.fake.requests
      .slice(before)
      .filter((r) => r.method === "POST" && r.operation !== "token");
    expect(posts.map((r) => r.operation)).toEqual(["createOrder", "captureOrder"]);
    for (const post of posts) expect(post.requestId, post.path).toBeTruthy();
    expect(env.fake.violations).toEqual([]);
    expect(env.fake.requestIdReuse).toEqual([]);
  });

  it("cancelled at PayPal: nothing changes, the booking still waits for its payment", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    const { back, landing } = await checkoutAtFake(created.order, "cancel");
    expect(back).toContain(`${env.app.url}/api/payments/cancel?token=${created.order.id}`);
    expect(landing).toBe(`/bookings/${created.booking.id}?payment=cancelled`);
    const after = await getBooking(env.app, parties.client, created.booking.id);
    expect(after.status).toBe("pending_payment");
    expect(after.actions).toEqual(expect.arrayContaining(["pay", "cancel"]));
    expect(after.ledger).toEqual([]);
  });

  it("the cancel URL is an anonymous GET that changes nothing and asks PayPal nothing", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    const calls = env.fake.requests.length;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${env.app.url}/api/payments/cancel?token=${created.order.id}`, {
        redirect: "manual",
      });
      expect(res.status).toBe(303);
    }
    expect(env.fake.requests.slice(calls)).toEqual([]);
    expect(await statusOf(created.booking.id)).toBe("pending_payment");
  });

  it("an order whose amount does not match the booking is not taken", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    // Someone changed the order at PayPal (a tampered amount): it no longer pays this deposit.
    env.fake.order(created.order.id).amountCents = 100;
    const { landing } = await checkoutAtFake(created.order);
    expect(landing).toBe(`/bookings/${created.booking.id}?payment=failed`);
    expect(moneyAtFake(env.fake, created.order.id).captures).toEqual([]);
    expect(await statusOf(created.booking.id)).toBe("pending_payment");
    expect(await ledgerRows(env.app, created.booking.id)).toEqual([]);
  });
});

describe("PayPal webhooks through the app's route", () => {
  it("CHECKOUT.ORDER.APPROVED before the return completes the payment; the return then changes nothing", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    const id = created.booking.id;
    env.fake.approve(created.order.id);
    const res = await env.fake.deliverWebhook(
      webhookUrl(),
      "CHECKOUT.ORDER.APPROVED",
      env.fake.resource("order", created.order.id),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(id)).toBe("pending");
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
    const ledger = await ledgerRows(env.app, id);
    expect(ledger.map((l) => l.kind)).toEqual(["deposit_capture"]);

    const calls = env.fake.requests.length;
    const back = await returnTo(created.order.id);
    expect(back.headers.get("location")).toBe(`/bookings/${id}?payment=approved`);
    expect(env.fake.requests.slice(calls).filter((r) => r.method === "POST")).toEqual([]);
    expect(await ledgerRows(env.app, id)).toEqual(ledger);
  });

  it("the return URL and the webhook racing make one capture", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    const [back, hook] = await Promise.all([
      returnTo(created.order.id),
      env.fake.deliverWebhook(
        webhookUrl(),
        "CHECKOUT.ORDER.APPROVED",
        env.fake.resource("order", created.order.id),
      ),
    ]);
    expect(back.status).toBe(303);
    expect(hook.status).toBe(200);
    const money = moneyAtFake(env.fake, created.order.id);
    expect(money.captures).toHaveLength(1);
    expect(money.refunds).toEqual([]);
    expect(await statusOf(created.booking.id)).toBe("pending");
  });

  it("PayPal failing during the return: the booking waits, and the webhook completes it", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    // Every attempt of the capture call fails (the adapter tries three times).
    env.fake.failNext("captureOrder", "server_error", 3);
    const back = await returnTo(created.order.id);
    expect(back.headers.get("location")).toBe(`/bookings/${created.booking.id}?payment=processing`);
    expect(await statusOf(created.booking.id)).toBe("pending_payment");
    const hook = await env.fake.deliverWebhook(
      webhookUrl(),
      "CHECKOUT.ORDER.APPROVED",
      env.fake.resource("order", created.order.id),
    );
    expect(hook.status).toBe(200);
    expect(await statusOf(created.booking.id)).toBe("pending");
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
  });

  it("a webhook PayPal cannot be asked about answers 500, and its redelivery completes the payment", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    env.fake.failNext("getOrder", "server_error", 3);
    const resource = env.fake.resource("order", created.order.id);
    const eventId = `WH-RETRY-${created.booking.id}`;
    const deliver = () =>
      env.fake.deliverWebhook(webhookUrl(), "CHECKOUT.ORDER.APPROVED", resource, { eventId });
    expect((await deliver()).status).toBe(500);
    expect(await statusOf(created.booking.id)).toBe("pending_payment");
    // Not recorded as seen: PayPal's redelivery is processed, not answered as a duplicate.
    const again = await deliver();
    expect(await again.json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(created.booking.id)).toBe("pending");
  });

  it("processes an event id once: the second delivery answers duplicate and does nothing", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    const resource = env.fake.resource("order", created.order.id);
    const eventId = `WH-DUP-${created.booking.id}`;
    const deliver = () =>
      env.fake.deliverWebhook(webhookUrl(), "CHECKOUT.ORDER.APPROVED", resource, { eventId });
    expect(await (await deliver()).json()).toEqual({ received: true, duplicate: false });
    const calls = env.fake.requests.length;
    const second = await deliver();
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    // Not even a re-read of the order: the event was recognised before any work.
    expect(env.fake.requests.length).toBe(calls);
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
  });

  it("refuses a tampered body with 401 and changes nothing", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    const calls = env.fake.requests.length;
    const res = await env.fake.deliverWebhook(
      webhookUrl(),
      "CHECKOUT.ORDER.APPROVED",
      env.fake.resource("order", created.order.id),
      { tamperBody: true },
    );
    expect(res.status).toBe(401);
    // Only the certificate was fetched; PayPal's API was not called.
    expect(env.fake.requests.slice(calls).every((r) => r.operation === null)).toBe(true);
    expect(await statusOf(created.booking.id)).toBe("pending_payment");
    expect(await ledgerRows(env.app, created.booking.id)).toEqual([]);
  });

  it("refuses a delivery signed by a certificate that does not chain to a trusted root", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    const res = await env.fake.deliverWebhook(
      webhookUrl(),
      "CHECKOUT.ORDER.APPROVED",
      env.fake.resource("order", created.order.id),
      { certificate: "self-signed" },
    );
    expect(res.status).toBe(401);
    expect(await statusOf(created.booking.id)).toBe("pending_payment");
  });

  it("reads at most 64 KB of a delivery, refusing a larger one before reading it", async () => {
    const big = Buffer.alloc(200 * 1024, "a");
    const res = await fetch(webhookUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(big.length) },
      body: big,
    });
    expect(res.status).toBe(413);
  });

  it("answers 200 for an order no booking has, and does nothing", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    const foreign = { ...(env.fake.resource("order", created.order.id) as object) };
    Object.assign(foreign, { id: "UNKNOWNORDER00001" });
    const calls = env.fake.requests.length;
    const res = await env.fake.deliverWebhook(webhookUrl(), "CHECKOUT.ORDER.APPROVED", foreign);
    expect(res.status).toBe(200);
    expect(env.fake.requests.slice(calls).filter((r) => r.operation !== null)).toEqual([]);
    expect(await statusOf(created.booking.id)).toBe("pending_payment");
  });

  it("PAYMENT.CAPTURE.COMPLETED after the return changes nothing", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    await checkoutAtFake(created.order);
    const [capture] = moneyAtFake(env.fake, created.order.id).captures;
    const ledger = await ledgerRows(env.app, created.booking.id);
    const calls = env.fake.requests.length;
    const res = await env.fake.deliverWebhook(
      webhookUrl(),
      "PAYMENT.CAPTURE.COMPLETED",
      env.fake.resource("capture", capture?.id ?? ""),
    );
    expect(res.status).toBe(200);
    expect(env.fake.requests.slice(calls).filter((r) => r.method === "POST")).toEqual([]);
    expect(await ledgerRows(env.app, created.booking.id)).toEqual(ledger);
    expect(await statusOf(created.booking.id)).toBe("pending");
  });
});

describe("a certificate PayPal sends without the chain up to a root we trust", () => {
  let other: PayPalTestApp;
  beforeAll(async () => {
    other = await startPayPalApp({ trustFakeRoot: false });
  });
  afterAll(() => other?.close());

  it("is confirmed with PayPal's own verification; a forged one is refused", async () => {
    const p = await bookingParties(other.app);
    const created = await bookAhead(other.app, p.client, p.creatorId);
    other.fake.approve(created.order.id);
    const url = `${other.app.url}${PAYPAL_WEBHOOK_PATH}`;
    const resource = other.fake.resource("order", created.order.id);
    const forged = await other.fake.deliverWebhook(url, "CHECKOUT.ORDER.APPROVED", resource, {
      certificate: "self-signed",
    });
    expect(forged.status).toBe(401);
    expect((await getBooking(other.app, p.client, created.booking.id)).status).toBe(
      "pending_payment",
    );
    const genuine = await other.fake.deliverWebhook(url, "CHECKOUT.ORDER.APPROVED", resource);
    expect(genuine.status).toBe(200);
    expect((await getBooking(other.app, p.client, created.booking.id)).status).toBe("pending");
    const asked = other.fake.requests.filter((r) =>
      r.path.endsWith("/v1/notifications/verify-webhook-signature"),
    );
    // The forged one never got that far; the genuine one was confirmed by PayPal.
    expect(asked).toHaveLength(1);
  });
});

// Creating a booking commits twice (docs/decisions/022): the booking with its deposit's order
// row (creating), then PayPal's answer with the booking's order id. Whatever happens between
// the two, a repeat of the request resumes the same row, so PayPal gets its request id again.
describe("creating a booking's deposit order", () => {
  const input = () => ({ creatorId: parties.creatorId, date: dateIn(12), hours: 3 });
  const ordersOf = (bookingId: string) =>
    env.app.database.db
      .selectFrom("payment_orders")
      .selectAll()
      .where("booking_id", "=", bookingId)
      .execute();
  const onlyBookingOf = async () =>
    env.app.database.db
      .selectFrom("bookings")
      .selectAll()
      .where("client_user_id", "=", parties.client.userId)
      .executeTakeFirstOrThrow();
  const createOrderCalls = (bookingId: string) =>
    env.fake.requests.filter(
      (r) =>
        r.operation === "createOrder" &&
        JSON.parse(r.body).purchase_units[0].reference_id === bookingId,
    );

  it("PayPal not answering: the booking is released, its order failed, and a repeat says so", async () => {
    const key = freshKey();
    env.fake.failNext("createOrder", "server_error", 3);
    const first = await requestBooking(env.app, parties.client, input(), key);
    expect(first.status).toBe(503);
    const booking = await onlyBookingOf();
    expect(booking).toMatchObject({ status: "cancelled", paypal_order_id: null });
    const orders = await ordersOf(booking.id);
    expect(orders.map((o) => [o.status, o.provider_order_id])).toEqual([["failed", null]]);

    const again = await requestBooking(env.app, parties.client, input(), key);
    expect(again.status).toBe(201);
    expect((await again.json()).booking).toMatchObject({ id: booking.id, status: "cancelled" });
    expect(await ordersOf(booking.id)).toHaveLength(1);
    expect(createOrderCalls(booking.id)).toHaveLength(3);
  });

  it("a crash between the two commits: the repeat with the same key resumes with one PayPal order", async () => {
    const key = freshKey();
    const first = await requestBooking(env.app, parties.client, input(), key);
    expect(first.status).toBe(201);
    const { booking, order } = await first.json();
    // As if the process died after PayPal answered, before the answer was recorded.
    await env.app.database.db
      .updateTable("payment_orders")
      .set({ status: "creating", provider_order_id: null, approve_url: null, approve_by: null })
      .where("booking_id", "=", booking.id)
      .execute();
    await env.app.database.db
      .updateTable("bookings")
      .set({ paypal_order_id: null })
      .where("id", "=", booking.id)
      .execute();

    const again = await requestBooking(env.app, parties.client, input(), key);
    expect(again.status).toBe(201);
    const resumed = await again.json();
    expect(resumed.booking).toMatchObject({ id: booking.id, status: "pending_payment" });
    expect(resumed.order).toEqual(order);
    const calls = createOrderCalls(booking.id);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.requestId)).size).toBe(1);
    const orders = await ordersOf(booking.id);
    expect(orders.map((o) => [o.status, o.provider_order_id])).toEqual([
      ["awaiting_buyer", order.id],
    ]);
    expect((await bookingRow(env.app, booking.id)).paypal_order_id).toBe(order.id);
    expect(await onlyBookingOf()).toMatchObject({ id: booking.id });
  });
});
