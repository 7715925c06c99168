import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import type { CreateOrderInput } from "../provider.ts";
import { paymentProvider } from "../provider-of.ts";

// The sandbox's checkout page over real HTTP, as a buyer's browser reaches it.

let app: TestApp;
let counter = 0;
const clock = new Date("2026-03-02T10:00:00Z");

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());

function newOrder(input: Partial<CreateOrderInput> = {}) {
  return paymentProvider(app.deps).createOrder({
    requestId: `route-${++counter}`,
    referenceId: "booking-7",
    amountCents: 15_000,
    currency: "USD",
    description: "Wedding coverage, 3 hours",
    returnUrl: `${app.url}/bookings/7?step=paid`,
    cancelUrl: `${app.url}/bookings/7`,
    ...input,
  });
}

/** Posts the checkout form as the browser does (same origin, URL-encoded). */
function submit(orderId: string, fields: Record<string, string>) {
  return app.fetch(`/sandbox/checkout/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("the sandbox checkout page", () => {
  it("is served by our app from the order's approve URL, with the amount and a test notice", async () => {
    const order = await newOrder();
    expect(paymentProvider(app.deps).name).toBe("sandbox");
    expect(order.approveUrl).toBe(`${app.url}/sandbox/checkout/${order.id}`);
    const response = await fetch(order.approveUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain("ShutterHail Sandbox Pay");
    expect(page).toContain("$150.00");
    expect(page).toContain("Approve $150.00 USD");
    expect(page).toContain("Wedding coverage, 3 hours");
    expect(page).toContain("No money moves");
    expect(page).toContain('value="4111 1111 1111 1111"');
    expect(page).not.toMatch(/<script/i);
    // Else the browser posts the form with `Origin: null` and the cross-site guard says 403.
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("approves with the chosen outcome and returns the buyer like PayPal", async () => {
    const order = await newOrder();
    const response = await submit(order.id, { action: "approve", outcome: "lapse" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${app.url}/bookings/7`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      step: "paid",
      token: order.id,
      PayerID: "SANDBOXPAYER",
    });
    expect((await paymentProvider(app.deps).getOrder(order.id)).status).toBe("APPROVED");
    const authorization = await paymentProvider(app.deps).authorizeOrder(
      order.id,
      `auth-${order.id}`,
    );
    // The lapse outcome: a ten-minute hold.
    expect(authorization.expiresAt.getTime() - clock.getTime()).toBe(10 * 60 * 1000);
  });

  it("is harmless to approve twice, and then says it was approved", async () => {
    const order = await newOrder();
    const first = await submit(order.id, { action: "approve", outcome: "approve" });
    const second = await submit(order.id, { action: "approve", outcome: "decline" });
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    // The first choice holds: the card is not declined.
    expect(
      (await paymentProvider(app.deps).authorizeOrder(order.id, `auth-${order.id}`)).status,
    ).toBe("CREATED");
    const page = await app.fetch(`/sandbox/checkout/${order.id}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("already approved");
    expect(text).toContain(
      `href="${app.url}/bookings/7?step=paid&amp;token=${order.id}&amp;PayerID=SANDBOXPAYER"`,
    );
  });

  it("sends a cancelling buyer to the cancel URL and leaves the order awaiting approval", async () => {
    const order = await newOrder();
    const response = await submit(order.id, { action: "cancel", outcome: "approve" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${app.url}/bookings/7?token=${order.id}`);
    expect((await paymentProvider(app.deps).getOrder(order.id)).status).toBe("CREATED");
  });

  it("refuses an unknown action or outcome with 400", async () => {
    const order = await newOrder();
    expect((await submit(order.id, { action: "steal", outcome: "approve" })).status).toBe(400);
    expect((await submit(order.id, { action: "approve", outcome: "win" })).status).toBe(400);
    expect((await paymentProvider(app.deps).getOrder(order.id)).status).toBe("CREATED");
  });

  it("answers 404 for an unknown order", async () => {
    const page = await app.fetch("/sandbox/checkout/SBX-0000000000000000");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Payment not found");
    expect((await submit("SBX-0000000000000000", { action: "approve" })).status).toBe(404);
  });

  it("escapes what the order says", async () => {
    const order = await newOrder({ description: `<script>alert("x")</script> & "quotes"` });
    const text = await (await app.fetch(`/sandbox/checkout/${order.id}`)).text();
    expect(text).not.toContain("<script>");
    expect(text).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;",
    );
  });
});
