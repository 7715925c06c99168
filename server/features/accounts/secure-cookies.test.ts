import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD, testEmail } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { vapidEnv } from "../../test/vapid-env.ts";
import { createVerifiedAccount } from "./service.ts";

const PUBLIC_ORIGIN = "https://shutterhail.example";

async function signInCookies(app: TestApp, origin: string): Promise<string[]> {
  const email = testEmail("cookies");
  await createVerifiedAccount(app, { email, password: TEST_PASSWORD, name: "Cookie" });
  const response = await app.fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie();
}

describe("session cookies", () => {
  it("are Secure and __Secure- prefixed in production (an https PUBLIC_ORIGIN)", async () => {
    const app = await startTestApp({
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("base64"),
      PAYMENT_DATA_KEY: randomBytes(32).toString("base64"),
      PUBLIC_ORIGIN,
      SMTP_URL: "smtp://127.0.0.1:9",
      // Production requires PayPal; signing in never reaches it.
      PAYPAL_CLIENT_ID: "client-id",
      PAYPAL_CLIENT_SECRET: "client-secret",
      PAYPAL_WEBHOOK_ID: "webhook-id",
      ...vapidEnv(),
      PAYPAL_API_BASE: "http://127.0.0.1:9",
    });
    try {
      // Plain HTTP here stands for the hop behind the TLS-terminating proxy.
      const cookies = await signInCookies(app, PUBLIC_ORIGIN);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__Secure-/);
        expect(cookie).toMatch(/;\s*Secure(;|$)/i);
        expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
      }
    } finally {
      await app.close();
    }
  }, 60_000);

  it("stay usable on plain http://localhost outside production", async () => {
    const app = await startTestApp();
    try {
      const cookies = await signInCookies(app, app.url);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).not.toMatch(/^__Secure-|;\s*Secure(;|$)/i);
    } finally {
      await app.close();
    }
  }, 60_000);
});
