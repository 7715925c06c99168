import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_PATH } from "../../../contracts/realtime.ts";
import { createAdmin, createVerifiedUser, jsonInit } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { vapidEnv } from "../../test/vapid-env.ts";
import { createAdminNotification, revokeAdminAccess } from "../staff/service.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const get = (path: string, cookie?: string) =>
  app.fetch(path, jsonInit(app, "GET", undefined, cookie));

describe("every admin API", () => {
  // Every route at every caller level: server/route-access.test.ts.
  it("refuses outsiders before looking at what they sent", async () => {
    const client = await createVerifiedUser(app);
    const bad = { ids: ["not-a-uuid"] };
    const path = "/api/admin/notifications/read";
    expect((await app.fetch(path, jsonInit(app, "POST", bad))).status).toBe(401);
    expect((await app.fetch(path, jsonInit(app, "POST", bad, client.cookie))).status).toBe(403);
    expect((await app.fetch("/api/admin/no-such-route", jsonInit(app, "GET"))).status).toBe(401);
  });
});

describe("GET /api/admin/me", () => {
  it("returns the role and sets last_login_at to now", async () => {
    const admin = await createAdmin(app, { role: "reviewer" });
    const before = Date.now();
    const response = await get("/api/admin/me", admin.cookie);
    expect(response.status).toBe(200);
    const me = await response.json();
    expect(me).toMatchObject({ userId: admin.userId, email: admin.email, role: "reviewer" });
    expect(new Date(me.lastLoginAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await app.database.db
      .selectFrom("admin_users")
      .select("last_login_at")
      .where("user_id", "=", admin.userId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.last_login_at!).toISOString()).toBe(me.lastLoginAt);
  });

  it("a deactivated admin loses access at once, with the same session", async () => {
    const admin = await createAdmin(app);
    expect((await get("/api/admin/me", admin.cookie)).status).toBe(200);
    await revokeAdminAccess(app.deps, admin.userId);
    expect((await get("/api/admin/me", admin.cookie)).status).toBe(403);
    expect((await get("/api/admin/notifications", admin.cookie)).status).toBe(403);
  });

  it("an admin who signs out is not one any more", async () => {
    const admin = await createAdmin(app);
    await app.fetch("/api/auth/sign-out", jsonInit(app, "POST", {}, admin.cookie));
    expect((await get("/api/admin/me", admin.cookie)).status).toBe(401);
  });
});

describe("admin notifications", () => {
  it("lists newest first with read state; marking read is per admin", async () => {
    const fresh = await startTestApp();
    try {
      const a = await createAdmin(fresh);
      const b = await createAdmin(fresh);
      const empty = await (
        await fresh.fetch("/api/admin/notifications", jsonInit(fresh, "GET", undefined, a.cookie))
      ).json();
      expect(empty).toEqual({ items: [], unreadCount: 0 });
      const first = await createAdminNotification(fresh.deps, {
        kind: "application",
        title: "First",
      });
      await new Promise((r) => setTimeout(r, 5));
      await createAdminNotification(fresh.deps, {
        kind: "application",
        title: "Second",
        body: "Jordan applied",
        link: "/admin/applications/x",
      });
      const list = await (
        await fresh.fetch("/api/admin/notifications", jsonInit(fresh, "GET", undefined, a.cookie))
      ).json();
      expect(list.items.map((n: { title: string }) => n.title)).toEqual(["Second", "First"]);
      expect(list.items[0]).toMatchObject({
        body: "Jordan applied",
        link: "/admin/applications/x",
        read: false,
      });
      expect(list.unreadCount).toBe(2);

      const marked = await fresh.fetch(
        "/api/admin/notifications/read",
        jsonInit(fresh, "POST", { ids: [first.id] }, a.cookie),
      );
      expect(await marked.json()).toEqual({ unreadCount: 1 });
      const all = await fresh.fetch(
        "/api/admin/notifications/read",
        jsonInit(fresh, "POST", {}, a.cookie),
      );
      expect(await all.json()).toEqual({ unreadCount: 0 });
      const forB = await (
        await fresh.fetch("/api/admin/notifications", jsonInit(fresh, "GET", undefined, b.cookie))
      ).json();
      expect(forB.unreadCount).toBe(2);

      const bad = await fresh.fetch(
        "/api/admin/notifications/read",
        jsonInit(fresh, "POST", { ids: ["nope"] }, a.cookie),
      );
      expect(bad.status).toBe(400);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it("streams new notifications to an open admin dashboard", async () => {
    const admin = await createAdmin(app);
    const controller = new AbortController();
    const response = await app.fetch(EVENTS_PATH, {
      headers: { cookie: admin.cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    const read = async (until: string) => {
      while (!received.includes(until)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
    };
    await read("event: ready");
    await createAdminNotification(app.deps, { kind: "application", title: "Live one" });
    await read("Live one");
    expect(received).toMatch(/event: admin_notification\ndata: .*"title":"Live one".*\nid: \d+/);
    controller.abort();
  });
});

describe("GET /api/admin/overview", () => {
  it("counts listed creators, paid bookings and their service fees", async () => {
    const fresh = await startTestApp();
    try {
      const admin = await createAdmin(fresh);
      const read = async () =>
        (
          await fresh.fetch("/api/admin/overview", jsonInit(fresh, "GET", undefined, admin.cookie))
        ).json();
      expect(await read()).toEqual({
        activeCreators: 0,
        paidBookings: 0,
        feeRevenueCents: 0,
        currency: "USD",
      });
      const creator = await createVerifiedUser(fresh);
      const client = await createVerifiedUser(fresh);
      const profile = await fresh.database.db
        .insertInto("photographer_profiles")
        .values({ user_id: creator.userId, approved: true, is_published: true })
        .returning("id")
        .executeTakeFirstOrThrow();
      const booking = (hour: number, status: string) => ({
        client_user_id: client.userId,
        creator_profile_id: profile.id,
        start_time: new Date(Date.UTC(2030, 0, 1, hour)),
        end_time: new Date(Date.UTC(2030, 0, 1, hour + 1)),
        duration_minutes: 60,
        location: "1 Main St, Miami, FL 33101",
        hourly_rate_cents: 15_000,
        subtotal_cents: 15_000,
        fee_cents: 750,
        total_amount_cents: 15_750,
        deposit_amount_cents: 4_500,
        remainder_cents: 11_250,
        status,
      });
      await fresh.database.db
        .insertInto("bookings")
        .values([booking(9, "confirmed"), booking(11, "completed"), booking(13, "pending_payment")])
        .execute();
      expect(await read()).toEqual({
        activeCreators: 1,
        paidBookings: 2,
        feeRevenueCents: 1500,
        currency: "USD",
      });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});

describe("development outbox", () => {
  it("keeps mail when no SMTP server is configured and lists it (not in production)", async () => {
    const user = await createVerifiedUser(app);
    await app.fetch(
      "/api/auth/request-password-reset",
      jsonInit(app, "POST", { email: user.email }),
    );
    await expect
      .poll(
        async () =>
          (await (await get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`)).json()).items
            .length,
      )
      .toBe(1);
    const { items } = await (
      await get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`)
    ).json();
    expect(items[0]).toMatchObject({ to: user.email, subject: "Reset your ShutterHail password" });
    expect(items[0].text).toContain(`${app.url}/admin/reset?token=`);
    const page = await app.fetch("/dev/outbox");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Reset your ShutterHail password");

    const production = await startTestApp({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      PAYMENT_DATA_KEY: Buffer.alloc(32, 7).toString("base64"),
      PUBLIC_ORIGIN: "https://shutterhail.example",
      SMTP_URL: "smtp://127.0.0.1:9",
      // Production requires PayPal; nothing here reaches it.
      PAYPAL_CLIENT_ID: "client-id",
      PAYPAL_CLIENT_SECRET: "client-secret",
      PAYPAL_WEBHOOK_ID: "webhook-id",
      ...vapidEnv(),
      PAYPAL_API_BASE: "http://127.0.0.1:9",
    });
    try {
      expect((await production.fetch("/api/dev/outbox")).status).toBe(404);
      expect((await production.fetch("/dev/outbox")).status).toBe(404);
    } finally {
      await production.close();
    }
  }, 120_000);
});
