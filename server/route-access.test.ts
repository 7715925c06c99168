import { findTargetHandler, isMiddleware } from "hono/utils/handler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_PATH, REALTIME_TOPICS, STREAM_EVENTS } from "../contracts/realtime.ts";
import { createApp } from "./app.ts";
import { revokeAdminAccess } from "./features/staff/service.ts";
import { ACCESS_REFUSALS, type AccessLevel, declaredAccess } from "./platform/access.ts";
import { createAdmin } from "./test/accounts.ts";
import { ADMITTED, CALLERS, type Caller, signInCallers } from "./test/callers.ts";
import { rowCounts as countRows } from "./test/row-counts.ts";
import { openSseStream } from "./test/sse-client.ts";
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
      "GET /api/events",
      "POST /api/auth/*",
      "POST /api/internal/staff",
      "GET /media/public/*",
      "GET /dev/outbox",
      "POST /sandbox/checkout/:orderId",
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
        // A route may answer 401 for its own reasons (a webhook's bad signature); a refusal by
        // the access guard carries one of the guard's messages.
        expect((status === 401 || status === 403) && refusals.includes(message ?? ""), name).toBe(
          false,
        );
      }
    }
  });
});

describe("an open event stream", () => {
  it("stops carrying staff events within seconds once its admin is deactivated", async () => {
    const fast = await startTestApp({ STREAM_ACCESS_CHECK_MS: "200" });
    try {
      const admin = await createAdmin(fast);
      const stream = await openSseStream(`${fast.url}${EVENTS_PATH}`, { cookie: admin.cookie });
      await stream.readUntil((m) => m.event === STREAM_EVENTS.ready);
      const staffEvent = (n: number) =>
        fast.deps.realtime.publish(REALTIME_TOPICS.adminNotifications, { n }, "staff");
      await staffEvent(1);
      await stream.readUntil((m) => m.event === REALTIME_TOPICS.adminNotifications);

      await revokeAdminAccess(fast, admin.userId);
      await new Promise((r) => setTimeout(r, 1_000));
      await staffEvent(2);
      await fast.deps.realtime.publish(REALTIME_TOPICS.creatorPresence, { marker: true }, "public");
      // The public event arrives; the staff event before it never does.
      const after = await stream.readUntil((m) => m.event === REALTIME_TOPICS.creatorPresence);
      expect(after.filter((m) => m.event === REALTIME_TOPICS.adminNotifications)).toEqual([]);
      stream.close();
    } finally {
      await fast.close();
    }
  });
});
