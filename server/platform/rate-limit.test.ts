import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app.ts";

// Application submits allow 20 an hour per address; an empty body is refused (400) and counted.
const SUBMITS_ALLOWED = 20;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "true" });
});
afterAll(() => app?.close());
beforeEach(() => app.database.db.deleteFrom("auth_attempts").execute());

const submitFrom = async (address: string) =>
  (
    await app.fetch("/api/applications", {
      method: "POST",
      headers: { "content-type": "application/json", "X-Forwarded-For": address },
      body: "{}",
    })
  ).status;

/** Spends the address's whole allowance. */
async function exhaust(address: string) {
  for (let i = 0; i < SUBMITS_ALLOWED; i++) expect(await submitFrom(address)).toBe(400);
  expect(await submitFrom(address)).toBe(429);
}

describe("per-address limits", () => {
  it("count every IPv6 address of one /64 together, and other /64s apart", async () => {
    await exhaust("2001:db8:7:1::a");
    expect(await submitFrom("2001:db8:7:1:ffff:ffff:ffff:ffff")).toBe(429);
    expect(await submitFrom("2001:DB8:7:1:0:0:0:b")).toBe(429);
    expect(await submitFrom("2001:db8:7:2::a")).toBe(400);
  });

  it("count IPv4 addresses one by one, an IPv4-mapped IPv6 address as its IPv4", async () => {
    await exhaust("203.0.113.7");
    expect(await submitFrom("::ffff:203.0.113.7")).toBe(429);
    expect(await submitFrom("203.0.113.8")).toBe(400);
  });
});
