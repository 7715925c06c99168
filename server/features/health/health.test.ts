import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { TEST_DB_KIND } from "../../test/test-database.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("API baseline", () => {
  it("reports health with the database it runs on", async () => {
    const response = await app.fetch("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: TEST_DB_KIND });
  });

  it("is ready while the database answers and every migration is applied, not once one is missing", async () => {
    const ready = await app.fetch("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: TEST_DB_KIND, role: "both" });

    const { rows } = await app.database.pool.query<{ name: string }>(
      "delete from schema_migrations where name = (select max(name) from schema_migrations) returning name",
    );
    try {
      const behind = await app.fetch("/api/ready");
      expect(behind.status).toBe(503);
      expect((await behind.json()).error.message).toBe(
        `1 migration(s) not applied yet, from ${rows[0]!.name}`,
      );
      // Alive all the same: a load balancer stops sending traffic, nothing restarts it.
      expect((await app.fetch("/api/health")).status).toBe(200);
    } finally {
      await app.database.pool.query("insert into schema_migrations (name) values ($1)", [
        rows[0]!.name,
      ]);
    }
  });

  it("answers unknown API routes with 404 in the one error shape", async () => {
    const response = await app.fetch("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No API route GET /api/no-such-thing" },
    });
  });

  it("sends security headers with a CSP that allows the map tiles", async () => {
    const response = await app.fetch("/api/health");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("https://*.tile.openstreetmap.org");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses bodies over the limit with 413", async () => {
    const response = await app.fetch("/api/applications", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blob: "x".repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });

  it("serves the OpenAPI document and its browsable docs", async () => {
    const doc = await (await app.fetch("/api/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/health");
    const docs = await app.fetch("/api/docs");
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("/api/docs/assets/swagger-ui-bundle.js");
    expect((await app.fetch("/api/docs/assets/swagger-ui-bundle.js")).status).toBe(200);
  });

  it("answers known page paths with the app and unknown ones with 404", async () => {
    expect((await app.fetch("/search")).status).toBe(200);
    expect((await app.fetch("/how-it-works")).status).toBe(200);
    const missing = await app.fetch("/definitely/not/here");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/html");
  });

  // Last: the app stays not-ready from here on.
  it("answers 503 once shutdown has begun, while liveness still answers 200", async () => {
    app.deps.readiness.stop();
    const response = await app.fetch("/api/ready");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: "unavailable", message: "Shutting down" },
    });
    expect((await app.fetch("/api/health")).status).toBe(200);
  });
});
