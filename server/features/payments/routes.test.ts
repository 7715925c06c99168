import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { PAYPAL_WEBHOOK_PATH } from "./routes.ts";

// The payment routes that anyone may call: PayPal's webhook reads at most 64 KB — refused by its
// announced length before a byte is read, or cut off as a chunked body streams — even on an
// app whose webhooks are off (the built-in sandbox).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("the PayPal webhook route with webhooks off", () => {
  it("refuses a body announced over 64 KB with 413", async () => {
    const response = await app.fetch(PAYPAL_WEBHOOK_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.alloc(65 * 1024 + 1, "a"),
    });
    expect(response.status).toBe(413);
  });

  it("stops reading a chunked body past 64 KB", async () => {
    const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the limit would be sent, if the server kept reading.
        if (sent++ < 2_000) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await app.fetch(PAYPAL_WEBHOOK_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(2_000);
  });

  it("answers 401 to a small unsigned delivery", async () => {
    const response = await app.fetch(PAYPAL_WEBHOOK_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "WH-1", event_type: "CHECKOUT.ORDER.APPROVED" }),
    });
    expect(response.status).toBe(401);
  });
});
