import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingParties, getBooking, type Party, requestBooking } from "../../test/bookings.ts";
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
import { PAYPAL_WEBHOOK_PATH } from "./payment-routes.ts";

// Booking and paying through the real PayPal adapter against the fake PayPal server over HTTP:
// the order, the buyer's approval, the return URL, webhooks and the cancel URL. The app's clock
// is real time here: the fake's webhook certificate is valid from now for two days.

let env: PayPalTestApp;
let parties: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  env = await startPayPalApp();
});
afterAll(() => env?.close());
beforeEach(async () => {
  parties = await bookingParties(env.app);
});

const webhookUrl = () => `${env.app.url}${PAYPAL_WEBHOOK_PATH}`;
const returnTo = (orderId: string) =>
  env.app.fetch(`/api/payments/return?token=${orderId}`, { redirect: "manual" });
const requestsFor = (path: string) => env.fake.requests.filter((r) => r.path.includes(path));

describe("a booking paid at PayPal", () => {
  it("creates an AUTHORIZE order for the total, captures the deposit on return and holds the rest", async () => {
    const before = env.fake.requests.length;
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    const id = created.booking.id;
    expect(created.booking).toMatchObject({ status: "pending_payment", totalCents: 47_250 });

    const createCall = env.fake.requests.find((r) => r.operation === "createOrder");
    const sent = JSON.parse(createCall?.body ?? "{}");
    expect(sent.intent).toBe("AUTHORIZE");
    expect(sent.purchase_units).toHaveLength(1);
    expect(sent.purchase_units[0]).toMatchObject({
      reference_id: id,
      amount: { currency_code: "USD", value: "472.50" },
    });
    const atFake = env.fake.order(created.order.id);
    expect(atFake).toMatchObject({ referenceId: id, amountCents: 47_250 });
    // The adapter asks with experience_context, so PayPal links "payer-action"; the browser
    // still gets rel "approve", which is what the web reads.
    expect(atFake.approveRel).toBe("payer-action");
    expect(created.order.links).toEqual([
      { rel: "approve", href: `${env.fake.baseUrl}/checkoutnow?token=${created.order.id}` },
    ]);

    const { back, landing } = await checkoutAtFake(created.order);
    expect(back).toBe(`${env.app.url}/api/payments/return?token=${created.order.id}`);
    expect(landing).toBe(`/bookings/${id}?payment=approved`);
    expect((await getBooking(env.app, parties.client, id)).status).toBe("pending");

    const money = moneyAtFake(env.fake, created.order.id);
    expect(money.authorizations).toHaveLength(1);
    const [authorization] = money.authorizations;
    expect(authorization).toMatchObject({ amountCents: 47_250, status: "PARTIALLY_CAPTURED" });
    expect(money.captures).toHaveLength(1);
    expect(money.captures[0]).toMatchObject({
      amountCents: 13_500,
      finalCapture: false,
      status: "COMPLETED",
    });
    const captureCall = requestsFor("/capture").at(-1);
    expect(JSON.parse(captureCall?.body ?? "{}")).toEqual({
      amount: { currency_code: "USD", value: "135.00" },
      final_capture: false,
    });
    expect(await ledgerRows(env.app, id)).toEqual([
      {
        kind: "authorization",
        amount_cents: 47_250,
        provider: "paypal",
        provider_ref: authorization?.id,
        status: "CREATED",
      },
      {
        kind: "deposit_capture",
        amount_cents: 13_500,
        provider: "paypal",
        provider_ref: money.captures[0]?.id,
        status: "COMPLETED",
      },
    ]);
    const row = await bookingRow(env.app, id);
    expect(row).toMatchObject({
      hold_state: "active",
      hold_authorization_id: authorization?.id,
      deposit_capture_id: money.captures[0]?.id,
      payment_provider: "paypal",
    });
    expect((await getBooking(env.app, parties.client, id)).payment).toMatchObject({
      depositPaidCents: 13_500,
      holdCents: 33_750,
    });

    // A double click on the way back: the same landing, no second capture or ledger line.
    const again = await fetch(back, { redirect: "manual" });
    expect(again.headers.get("location")).toBe(`/bookings/${id}?payment=approved`);
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
    expect(await ledgerRows(env.app, id)).toHaveLength(2);

    // Every POST to PayPal's API carried a PayPal-Request-Id within PayPal's 108 characters.
    const posts = env.fake.requests
      .slice(before)
      .filter((r) => r.method === "POST" && r.operation !== "token");
    expect(posts.map((r) => r.operation)).toEqual(["createOrder", "authorize", "capture"]);
    for (const post of posts) {
      expect(post.requestId, post.path).toBeTruthy();
      expect(post.requestId?.length ?? 0).toBeLessThanOrEqual(108);
    }
  });

  it("cancelled at PayPal: the booking is cancelled and the time is free again", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    const { back, landing } = await checkoutAtFake(created.order, "cancel");
    expect(back).toBe(`${env.app.url}/api/payments/cancel?token=${created.order.id}`);
    expect(landing).toBe(`/bookings/${created.booking.id}?payment=cancelled`);
    const after = await getBooking(env.app, parties.client, created.booking.id);
    expect(after.status).toBe("cancelled");
    expect(after.ledger).toEqual([]);
    expect(env.fake.order(created.order.id).authorizationIds).toEqual([]);
    const rebooked = await requestBooking(env.app, parties.client, {
      creatorId: parties.creatorId,
      date: dateIn(10),
      startTime: "10:00",
      hours: 3,
    });
    expect(rebooked.status).toBe(201);
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
    expect((await getBooking(env.app, parties.client, id)).status).toBe("pending");
    const money = moneyAtFake(env.fake, created.order.id);
    expect(money.authorizations).toHaveLength(1);
    expect(money.captures.map((c) => [c.amountCents, c.finalCapture])).toEqual([[13_500, false]]);
    const ledger = await ledgerRows(env.app, id);
    expect(ledger.map((l) => l.kind)).toEqual(["authorization", "deposit_capture"]);

    const posts = env.fake.requests.length;
    const back = await returnTo(created.order.id);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/bookings/${id}?payment=approved`);
    expect(env.fake.requests.slice(posts).filter((r) => r.method === "POST")).toEqual([]);
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
    expect(await ledgerRows(env.app, id)).toEqual(ledger);
  });

  it("the return URL and the webhook racing make one authorization and one capture", async () => {
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
    expect(money.authorizations).toHaveLength(1);
    expect(money.captures).toHaveLength(1);
    expect(money.refunds).toEqual([]);
    const after = await getBooking(env.app, parties.client, created.booking.id);
    expect(after.status).toBe("pending");
    expect(after.ledger.map((l) => l.kind)).toEqual(["authorization", "deposit_capture"]);
  });

  it("PayPal failing during the return: the booking waits, and the webhook completes it", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    // Every attempt of the authorize call fails (the adapter tries three times).
    env.fake.failNext("authorize", "server_error", 3);
    const back = await returnTo(created.order.id);
    expect(back.headers.get("location")).toBe(`/bookings/${created.booking.id}?payment=processing`);
    expect((await getBooking(env.app, parties.client, created.booking.id)).status).toBe(
      "pending_payment",
    );
    const hook = await env.fake.deliverWebhook(
      webhookUrl(),
      "CHECKOUT.ORDER.APPROVED",
      env.fake.resource("order", created.order.id),
    );
    expect(hook.status).toBe(200);
    expect((await getBooking(env.app, parties.client, created.booking.id)).status).toBe("pending");
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
    expect((await getBooking(env.app, parties.client, created.booking.id)).status).toBe(
      "pending_payment",
    );
    // Not recorded as seen: PayPal's redelivery is processed, not answered as a duplicate.
    const again = await deliver();
    expect(await again.json()).toEqual({ received: true, duplicate: false });
    expect((await getBooking(env.app, parties.client, created.booking.id)).status).toBe("pending");
  });

  it("processes an event id once: the second delivery answers duplicate and does nothing", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    const resource = env.fake.resource("order", created.order.id);
    const eventId = `WH-DUP-${created.booking.id}`;
    const first = await env.fake.deliverWebhook(webhookUrl(), "CHECKOUT.ORDER.APPROVED", resource, {
      eventId,
    });
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const calls = env.fake.requests.length;
    const second = await env.fake.deliverWebhook(
      webhookUrl(),
      "CHECKOUT.ORDER.APPROVED",
      resource,
      { eventId },
    );
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    // Not even a re-read of the order: the event was recognised before any work.
    expect(env.fake.requests.length).toBe(calls);
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
    expect((await getBooking(env.app, parties.client, created.booking.id)).status).toBe("pending");
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
    expect((await getBooking(env.app, parties.client, created.booking.id)).status).toBe(
      "pending_payment",
    );
    expect(await ledgerRows(env.app, created.booking.id)).toEqual([]);
    expect(env.fake.order(created.order.id).authorizationIds).toEqual([]);
  });

  it("answers 200 for an order no booking has, and does nothing", async () => {
    const created = await bookAhead(env.app, parties.client, parties.creatorId);
    env.fake.approve(created.order.id);
    const foreign = { ...(env.fake.resource("order", created.order.id) as object) };
    Object.assign(foreign, { id: "UNKNOWNORDER00001" });
    const calls = env.fake.requests.length;
    const res = await env.fake.deliverWebhook(webhookUrl(), "CHECKOUT.ORDER.APPROVED", foreign);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(env.fake.requests.slice(calls).filter((r) => r.operation !== null)).toEqual([]);
    expect((await getBooking(env.app, parties.client, created.booking.id)).status).toBe(
      "pending_payment",
    );
    expect(await ledgerRows(env.app, created.booking.id)).toEqual([]);
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
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(env.fake.requests.slice(calls).filter((r) => r.method === "POST")).toEqual([]);
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
    expect(await ledgerRows(env.app, created.booking.id)).toEqual(ledger);
    expect((await getBooking(env.app, parties.client, created.booking.id)).status).toBe("pending");
  });
});
