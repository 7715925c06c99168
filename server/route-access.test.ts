import { findTargetHandler, isMiddleware } from "hono/utils/handler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { revokeAdminAccess } from "./features/admin/service.ts";
import { ACCESS_REFUSALS, type AccessLevel, declaredAccess } from "./platform/access.ts";
import { createAdmin } from "./test/accounts.ts";
import { ADMITTED, CALLERS, type Caller, signInCallers } from "./test/callers.ts";
import { rowCounts as countRows } from "./test/row-counts.ts";
import { startTestApp, type TestApp } from "./test/test-app.ts";

// Every route the app registers, read from its router table (OpenAPI and not, event streams,
// Better Auth, media, the web app): each must declare who may call it, and every caller below
// that level must be refused before the route looks at what was sent.

type Endpoint = { method: string; path: string; levels: AccessLevel[]; handlers: number };

/** The app's endpoints, grouped by method and path as the router holds them. */
function endpointsOf(app: ReturnType<typeof createApp>): Endpoint[] {
  const byRoute = new Map<string, Endpoint>();
  for (const route of app.routes) {
    const handler = findTargetHandler(route.handler);
    const key = `${route.method} ${route.path}`;
    const endpoint = byRoute.get(key) ?? {
      method: route.method,
      path: route.path,
      levels: [],
      handlers: 0,
    };
    const level = declaredAccess(handler);
    if (level) endpoint.levels.push(level);
    else if (!isMiddleware(handler)) endpoint.handlers += 1;
    byRoute.set(key, endpoint);
  }
  // Left out: app-wide middleware (logging, headers, compression, body limits, the web app's
  // public files), which runs for every path and is no route of its own.
  return [...byRoute.values()].filter((e) => e.levels.length > 0 || e.handlers > 0);
}

/** A concrete URL for a route pattern; ids are malformed on purpose (validation would say 400). */
const urlFor = (path: string) =>
  path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, "not-an-id").replace(/\*/g, "x");

let app: TestApp;
let endpoints: Endpoint[];
let cookies: Record<Caller, string | undefined>;

beforeAll(async () => {
  app = await startTestApp();
  endpoints = endpointsOf(createApp(app.deps));
  ({ cookies } = await signInCallers(app));
});
afterAll(() => app?.close());

/** Calls the route as `caller` with a malformed body; returns the status and error message. */
async function call(endpoint: Endpoint, caller: Caller) {
  const method = endpoint.method === "ALL" ? "POST" : endpoint.method;
  const hasBody = !["GET", "HEAD"].includes(method);
  const cookie = cookies[caller];
  const aborter = new AbortController();
  const response = await app.fetch(urlFor(endpoint.path), {
    method,
    signal: aborter.signal,
    headers: {
      origin: app.url,
      ...(cookie ? { cookie } : {}),
      ...(hasBody ? { "content-type": "application/json" } : {}),
    },
    body: hasBody ? "{not json" : undefined,
  });
  let message: string | undefined;
  if (response.headers.get("content-type")?.includes("text/event-stream")) {
    aborter.abort();
  } else {
    const text = await response.text();
    message = /^\{/.test(text) ? JSON.parse(text).error?.message : undefined;
  }
  return { status: response.status, message };
}

const rowCounts = () => countRows(app.database.db);

describe("every route", () => {
  it("is read from the router, event streams and non-OpenAPI routes included", () => {
    const listed = endpoints.map((e) => `${e.method} ${e.path}`);
    for (const route of [
      "GET /api/admin/notifications/stream",
      "GET /api/admin/applications/events",
      "GET /api/map/events",
      "POST /api/auth/*",
      "POST /api/internal/staff",
      "GET /media/public/*",
      "GET /dev/outbox",
    ]) {
      expect(listed).toContain(route);
    }
  });

  it("declares exactly one access level, on every handler it registers", () => {
    for (const { method, path, levels, handlers } of endpoints) {
      const name = `${method} ${path}`;
      expect(levels.length, `${name} declares no access level`).toBeGreaterThan(0);
      expect(levels.length, `${name}: a handler without a level`).toBeGreaterThanOrEqual(handlers);
      expect(new Set(levels).size, `${name} declares two levels`).toBe(1);
    }
  });

  it("puts every route under /api/admin at the admin level", () => {
    for (const { method, path, levels } of endpoints.filter((e) =>
      e.path.startsWith("/api/admin"),
    )) {
      expect(levels, `${method} ${path}`).toEqual(levels.map(() => "admin"));
    }
  });

  it("states the router's level in the OpenAPI document", async () => {
    const doc = await (await app.fetch("/api/openapi.json")).json();
    for (const [path, operations] of Object.entries(
      doc.paths as Record<string, Record<string, { description: string; security: unknown[] }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        const routed = `/api${path.replace(/\{([^}]+)\}/g, ":$1")}`;
        const endpoint = endpoints.find(
          (e) => e.method === method.toUpperCase() && e.path === routed,
        );
        expect(endpoint, `${method} ${path} in the router`).toBeDefined();
        const level = endpoint!.levels[0]!;
        expect(operation.description).toMatch(new RegExp(`^Access: ${level} `));
        expect(operation.security.length === 0, `${method} ${path} security`).toBe(
          level === "public",
        );
      }
    }
  });

  it("refuses every caller below its level before validation or any side effect", async () => {
    const before = await rowCounts();
    for (const endpoint of endpoints) {
      const level = endpoint.levels[0]!;
      for (const caller of CALLERS.filter((c) => !ADMITTED[level].includes(c))) {
        const expected = caller === "anonymous" || level === "internal" ? 401 : 403;
        const { status } = await call(endpoint, caller);
        expect(status, `${endpoint.method} ${endpoint.path} as ${caller} (${level})`).toBe(
          expected,
        );
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("lets the callers at its level through to the route", async () => {
    const refusals: string[] = Object.values(ACCESS_REFUSALS);
    for (const endpoint of endpoints) {
      const level = endpoint.levels[0]!;
      for (const caller of ADMITTED[level]) {
        const { status, message } = await call(endpoint, caller);
        const name = `${endpoint.method} ${endpoint.path} as ${caller} (${level})`;
        expect(status, name).toBeLessThan(500);
        expect(status === 401 || (status === 403 && refusals.includes(message ?? "")), name).toBe(
          false,
        );
      }
    }
  });
});

describe("an open event stream", () => {
  it("ends within seconds once its admin is deactivated", async () => {
    const fast = await startTestApp({ STREAM_ACCESS_CHECK_MS: "200" });
    try {
      const admin = await createAdmin(fast);
      for (const path of ["/api/admin/notifications/stream", "/api/admin/applications/events"]) {
        const response = await fast.fetch(path, { headers: { cookie: admin.cookie } });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toContain("ready");
        await revokeAdminAccess(fast, admin.userId);
        const started = Date.now();
        while (!(await reader.read()).done) {
          // Heartbeats and events until the re-check closes the stream.
        }
        expect(Date.now() - started).toBeLessThan(3_000);
        await fast.database.db
          .updateTable("admin_users")
          .set({ is_active: true })
          .where("user_id", "=", admin.userId)
          .execute();
      }
    } finally {
      await fast.close();
    }
  });
});
