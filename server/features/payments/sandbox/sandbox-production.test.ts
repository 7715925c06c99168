import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../app.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { vapidEnv } from "../../../test/vapid-env.ts";
import { paymentProvider } from "../provider-of.ts";

// Production never runs on the built-in sandbox, where anyone approves any order and no money
// moves: it refuses to start without PayPal, and an app built for production never mounts the
// sandbox's checkout page or form, whatever its configuration says.

const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: randomBytes(32).toString("base64"),
  PAYMENT_DATA_KEY: randomBytes(32).toString("base64"),
  PUBLIC_ORIGIN: "https://shutterhail.example",
  SMTP_URL: "smtp://127.0.0.1:9",
  ...vapidEnv(),
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** The app createApp builds from `app`'s own parts, told it runs in production, on its own port. */
async function servedAsProduction() {
  const production = createApp({ ...app.deps, config: { ...app.deps.config, env: "production" } });
  const server = serve({ fetch: production.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fetch: (path: string, init?: RequestInit) => fetch(`${url}${path}`, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("production and the built-in sandbox", () => {
  it("refuses to start without PayPal, naming the variables", async () => {
    await expect(startTestApp(PRODUCTION)).rejects.toThrow(
      /PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: required in production/,
    );
  }, 60_000);

  it("answers 404 for the sandbox checkout page and form, and the order stays unapproved", async () => {
    const order = await paymentProvider(app.deps).createOrder({
      requestId: crypto.randomUUID(),
      intent: "CAPTURE",
      referenceId: "booking-1",
      customId: "payment-order-1",
      amountCents: 15_000,
      currency: "USD",
      description: "Portrait session",
      returnUrl: `${app.url}/bookings/1`,
      cancelUrl: `${app.url}/bookings/1`,
    });
    const path = `/sandbox/checkout/${order.id}`;
    // Outside production the page is there.
    expect((await app.fetch(path)).status).toBe(200);

    const production = await servedAsProduction();
    try {
      const page = await production.fetch(path);
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("Sandbox Pay");
      const approve = await production.fetch(path, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: app.deps.config.publicOrigin!,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ action: "approve", outcome: "approve" }).toString(),
      });
      expect(approve.status).toBe(404);
    } finally {
      await production.close();
    }
    expect((await paymentProvider(app.deps).getOrder(order.id)).status).toBe("CREATED");
  }, 60_000);
});
