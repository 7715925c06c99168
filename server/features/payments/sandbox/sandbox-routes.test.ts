import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import type { CreateOrderInput } from "../provider.ts";
import { paymentProvider } from "../provider-of.ts";

// The sandbox's checkout page over real HTTP, as a buyer's browser reaches it. The app's
// provider (paymentProvider(app.deps)) is the sandbox: no PayPal is configured.

let app: TestApp;
let counter = 0;
const START = new Date("2026-03-02T10:00:00Z");
let clock = START;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(() => {
  clock = START;
});

const sandbox = () => paymentProvider(app.deps);

function newOrder(input: Partial<CreateOrderInput> = {}) {
  return sandbox().createOrder({
    requestId: `route-${++counter}`,
    intent: "AUTHORIZE",
    customId: `payment-order-${counter}`,
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
    expect(sandbox().name).toBe("sandbox");
    expect(order.approveUrl).toBe(`${app.url}/sandbox/checkout/${order.id}`);
    const response = await fetch(order.approveUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain("ShutterHail Sandbox Pay");
    expect(page).toContain("Amount to authorize");
    expect(page).toContain('<option value="lapse">');
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
    expect((await sandbox().getOrder(order.id)).status).toBe("APPROVED");
    const authorization = await sandbox().authorizeOrder(order.id, `auth-${order.id}`);
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
    expect((await sandbox().authorizeOrder(order.id, `auth-${order.id}`)).status).toBe("CREATED");
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
    expect((await sandbox().getOrder(order.id)).status).toBe("CREATED");
  });

  it("refuses an unknown action or outcome with 400", async () => {
    const order = await newOrder();
    expect((await submit(order.id, { action: "steal", outcome: "approve" })).status).toBe(400);
    expect((await submit(order.id, { action: "approve", outcome: "win" })).status).toBe(400);
    expect((await sandbox().getOrder(order.id)).status).toBe("CREATED");
  });

  it("takes a payment at once for a CAPTURE order, with no hold to let lapse", async () => {
    const order = await newOrder({ intent: "CAPTURE" });
    const page = await (await fetch(order.approveUrl!)).text();
    expect(page).toContain("Amount to pay");
    expect(page).not.toContain("Amount to authorize");
    expect(page).not.toContain('value="lapse"');
    expect((await submit(order.id, { action: "approve", outcome: "approve" })).status).toBe(303);
    const captured = await sandbox().captureOrder(order.id, `capture-${order.id}`);
    expect(captured).toMatchObject({ status: "COMPLETED", amountCents: 15_000 });
    expect(await sandbox().getCapture(captured.id)).toEqual(captured);
  });

  it("sends the buyer whose card was declined back to the page, to approve again", async () => {
    const order = await newOrder({ intent: "CAPTURE" });
    await submit(order.id, { action: "approve", outcome: "decline" });
    const declined = await sandbox()
      .captureOrder(order.id, `capture-${order.id}`)
      .catch((error: unknown) => error);
    expect(declined).toMatchObject({ reason: "declined", payerActionUrl: order.approveUrl });
    // The page asks again, and this time the payment goes through.
    const page = await (await app.fetch(`/sandbox/checkout/${order.id}`)).text();
    expect(page).toContain("Approve $150.00 USD");
    expect((await submit(order.id, { action: "approve", outcome: "approve" })).status).toBe(303);
    expect((await sandbox().captureOrder(order.id, `capture-${order.id}`)).status).toBe(
      "COMPLETED",
    );
  });

  it("answers 404 once the order is past its 3-hour window", async () => {
    const order = await newOrder();
    clock = new Date(START.getTime() + 3 * 60 * 60 * 1000 + 1_000);
    const page = await app.fetch(`/sandbox/checkout/${order.id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Payment not found");
    expect((await submit(order.id, { action: "approve", outcome: "approve" })).status).toBe(404);
    await expect(sandbox().getOrder(order.id)).rejects.toMatchObject({ reason: "not_found" });
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
