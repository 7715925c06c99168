import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import { STREAMS_PER_ADDRESS, TOO_MANY_CONNECTIONS } from "./connection-cap.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "true" });
});
afterAll(() => app?.close());

const open: AbortController[] = [];
afterAll(() => {
  for (const controller of open) controller.abort();
});

/** Opens the public event stream from `address`; the stream stays open until aborted. */
async function openStream(address: string) {
  const controller = new AbortController();
  open.push(controller);
  const response = await app.fetch("/api/events", {
    headers: { "x-forwarded-for": address },
    signal: controller.signal,
  });
  return { response, close: () => controller.abort() };
}

describe("the public event stream's connection cap", () => {
  it("refuses a 7th open stream from one address (429, Retry-After), not another address's", async () => {
    expect(STREAMS_PER_ADDRESS).toBe(6);
    const streams = [];
    for (let i = 0; i < STREAMS_PER_ADDRESS; i++) {
      const stream = await openStream("2001:db8:5::1");
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    // The same /64 is the same subscriber.
    const seventh = await openStream("2001:db8:5::2");
    expect(seventh.response.status).toBe(429);
    expect(Number(seventh.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await seventh.response.json()).toMatchObject({
      error: { code: "rate_limited", message: TOO_MANY_CONNECTIONS },
    });
    expect((await openStream("2001:db8:6::1")).response.status).toBe(200);

    // A closed stream frees its place.
    streams[0]!.close();
    let again = 429;
    for (let tries = 0; tries < 40 && again === 429; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const attempt = await openStream("2001:db8:5::3");
      again = attempt.response.status;
    }
    expect(again).toBe(200);
  });
});
