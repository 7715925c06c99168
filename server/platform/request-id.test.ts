import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The request id the request log line carries for one request with this X-Request-Id. */
async function loggedRequestId(header: string): Promise<string> {
  // Health checks log at debug (a load balancer asks every few seconds), other requests at info.
  const spies = [vi.spyOn(app.deps.log, "info"), vi.spyOn(app.deps.log, "debug")];
  try {
    await app.fetch("/api/health", { headers: { "x-request-id": header } });
    const line = spies
      .flatMap((spy) => spy.mock.calls)
      .find(([fields]) => (fields as { path?: string }).path === "/api/health");
    expect(line, "the request log line").toBeDefined();
    return (line![0] as { requestId: string }).requestId;
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("X-Request-Id", () => {
  it("keeps a client's short, plain id", async () => {
    expect(await loggedRequestId("trace-0af7651916cd43dd.8448eb211c80319c:01")).toBe(
      "trace-0af7651916cd43dd.8448eb211c80319c:01",
    );
  });

  it("replaces a long id or one with other characters by a fresh one", async () => {
    for (const header of ["x".repeat(129), "a b", 'id"}<script>', "ünïcode", "line\\nbreak"]) {
      const logged = await loggedRequestId(header);
      expect(logged).not.toBe(header);
      expect(logged).toMatch(UUID);
    }
  });
});
