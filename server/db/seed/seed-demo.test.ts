import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingList } from "../../../contracts/bookings.ts";
import { MAP, SAMPLE_CREATOR_RATES } from "../../../contracts/constants.ts";
import { APPLICATION_STATUSES, CREATOR_TYPES } from "../../../contracts/enums.ts";
import type { HailQuote } from "../../../contracts/hail.ts";
import type { ConversationsResponse } from "../../../contracts/messages.ts";
import type { MapResponse } from "../../../contracts/search.ts";
import { sweepPresence } from "../../features/availability/service.ts";
import { PAYOUT_JOBS } from "../../features/payouts/jobs.ts";
import { createLogger } from "../../platform/logger.ts";
import { totpCode } from "../../platform/totp.ts";
import { cookieFrom, signIn } from "../../test/accounts.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { createTestDatabase } from "../../test/test-database.ts";
import { createUser } from "../factories.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { seedDemoIfEmpty } from "./seed-demo.ts";

const log = createLogger("silent");
const demo = { demoSeed: true, env: "development" as const };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // Two at once: the advisory lock and the emptiness check let exactly one of them seed.
  const results = await Promise.all(
    [0, 1].map(() =>
      seedDemoIfEmpty({
        ...app.deps,
        config: { ...demo, authSecret: app.deps.config.authSecret },
        log,
      }),
    ),
  );
  expect(results.filter((r) => r.seeded)).toHaveLength(1);
  expect(results.find((r) => !r.seeded)).toEqual({ seeded: false, reason: "not-empty" });
}, 240_000);
afterAll(() => app?.close());

const db = () => app.database.db;

describe("demo seed", () => {
  it("gives the demo client conversations with three creators, with unread messages", async () => {
    const { client } = DEMO_ACCOUNTS;
    const cookie = await signIn(app, client.email, client.password);
    const response = await app.fetch("/api/conversations", { headers: { cookie } });
    expect(response.status).toBe(200);
    const { conversations, unreadTotal } = (await response.json()) as ConversationsResponse;
    expect(conversations).toHaveLength(3);
    expect(new Set(conversations.map((c) => c.other.creatorId)).size).toBe(3);
    for (const c of conversations) {
      expect(c.myRole).toBe("client");
      expect(c.lastMessage?.senderRole).toBe("creator");
      expect(c.unreadCount).toBeGreaterThan(0);
    }
    expect(unreadTotal).toBe(conversations.reduce((n, c) => n + c.unreadCount, 0));
  });

  it("shows the whole loop: every payout follows an accepted delivery by 24 hours or more, and one of the demo client's sessions is delivered, reviewed by both and paid out", async () => {
    const payouts = await db()
      .selectFrom("payouts as p")
      .leftJoin("deliveries as d", "d.booking_id", "p.booking_id")
      .select(["p.due_at", "p.status", "d.status as delivery", "d.accepted_at"])
      .execute();
    expect(payouts.length).toBeGreaterThan(0);
    for (const p of payouts) {
      expect(p.delivery).toBe("accepted");
      expect(p.due_at.getTime() - p.accepted_at!.getTime()).toBeGreaterThanOrEqual(24 * 3600_000);
    }
    const loop = await db()
      .selectFrom("bookings as b")
      .innerJoin("user as u", "u.id", "b.client_user_id")
      .innerJoin("deliveries as d", "d.booking_id", "b.id")
      .innerJoin("payouts as p", "p.booking_id", "b.id")
      .select("b.id")
      .where("u.email", "=", DEMO_ACCOUNTS.client.email)
      .where("b.status", "=", "completed")
      .where("d.status", "=", "accepted")
      .where("p.status", "in", ["paid", "sent"])
      .where((eb) =>
        eb(
          eb
            .selectFrom("reviews as r")
            .select((r) => r.fn.countAll<number>().as("n"))
            .whereRef("r.booking_id", "=", "b.id")
            .where("r.published_at", "is not", null),
          "=",
          2,
        ),
      )
      .where((eb) =>
        eb.exists(
          eb.selectFrom("delivery_files as f").select("f.id").whereRef("f.booking_id", "=", "b.id"),
        ),
      )
      .execute();
    expect(loop.length).toBeGreaterThan(0);
  });

  it("lists 40+ complete creators of every type inside the map's bounds", async () => {
    const creators = await db().selectFrom("photographer_profiles").selectAll().execute();
    expect(creators.length).toBeGreaterThanOrEqual(40);
    const { south, north, west, east } = MAP.bounds;
    for (const c of creators) {
      expect(c).toMatchObject({ approved: true, is_published: true, is_complete: true });
      expect(c.base_lat).toBeGreaterThanOrEqual(south);
      expect(c.base_lat).toBeLessThanOrEqual(north);
      expect(c.base_lng).toBeGreaterThanOrEqual(west);
      expect(c.base_lng).toBeLessThanOrEqual(east);
      expect([10, 25, 50, 100]).toContain(c.travel_radius);
      const service = { photographer: "Photography", videographer: "Videography" }[
        c.creator_type as "photographer"
      ];
      expect(c.specialties).toContain(service ?? "Content Creation");
      expect(c.avatar_path).toMatch(new RegExp(`^public/avatars/${c.user_id}/`));
      if (c.available_now) expect(c.travel_lat).not.toBeNull();
      else expect(c.travel_lat).toBeNull();
    }
    expect(new Set(creators.map((c) => c.creator_type))).toEqual(new Set(CREATOR_TYPES));
    const live = creators.filter((c) => c.available_now).length;
    expect(live).toBeGreaterThanOrEqual(3);
    expect(live).toBeLessThan(creators.length / 2);
  });

  it("offers Pay Deposit on the demo client's unpaid booking, and paying opens the provider", async () => {
    const { client } = DEMO_ACCOUNTS;
    const cookie = await signIn(app, client.email, client.password);
    const list = (await (
      await app.fetch("/api/bookings", { headers: { cookie } })
    ).json()) as BookingList;
    const unpaid = list.upcoming.find((b) => b.status === "pending_payment");
    expect(unpaid?.actions).toContain("pay");
    const paid = await app.fetch(
      `/api/bookings/${unpaid!.id}/pay`,
      jsonRequest("POST", {}, cookie),
    );
    expect(paid.status).toBe(200);
    const { order } = (await paid.json()) as { order: { links: { rel: string }[] } };
    expect(order.links.map((l) => l.rel)).toContain("approve");
  });

  it("lets a client hail the creators the map shows as available, long after the start", async () => {
    const { client } = DEMO_ACCOUNTS;
    const cookie = await signIn(app, client.email, client.password);
    // Ten minutes on: every seeded heartbeat has lapsed and the sweep has run.
    await sweepPresence(app.deps, new Date(Date.now() + 10 * 60_000));
    const map = (await (await app.fetch("/api/map/creators")).json()) as MapResponse;
    const shown = map.creators.filter((c) => c.availableNow);
    expect(shown.length).toBeGreaterThan(0);
    let reached = 0;
    for (const service of ["Photography", "Videography", "Content Creation"]) {
      for (const place of ["Miami, FL", "Key West, FL", "Fort Lauderdale, FL", "Naples, FL"]) {
        const query = new URLSearchParams({ service, hours: "2", place, radiusMiles: "50" });
        const response = await app.fetch(`/api/hails/quote?${query}`, { headers: { cookie } });
        expect(response.status).toBe(200);
        reached += ((await response.json()) as HailQuote).creatorsAvailable;
      }
    }
    expect(reached).toBeGreaterThan(0);
  });

  it("includes the spec's five sample creators at their rates", async () => {
    const rates = await db()
      .selectFrom("photographer_profiles")
      .select("hourly_rate_cents")
      .orderBy("created_at")
      .execute();
    const all = rates.map((r) => (r.hourly_rate_cents ?? 0) / 100);
    for (const rate of SAMPLE_CREATOR_RATES) expect(all).toContain(rate);
    const sampleProfiles = await db()
      .selectFrom("photographer_profiles")
      .where("application_id", "is not", null)
      .select("hourly_rate_cents")
      .execute();
    expect(sampleProfiles.map((p) => (p.hourly_rate_cents ?? 0) / 100).sort()).toEqual(
      [...SAMPLE_CREATOR_RATES].sort(),
    );
  });

  it("gives every creator a stored portfolio of 6-20 images and consistent stats", async () => {
    const creators = await db().selectFrom("photographer_profiles").selectAll().execute();
    const items = await db().selectFrom("portfolio_items").selectAll().execute();
    const reviews = await db().selectFrom("reviews").selectAll().execute();
    for (const c of creators) {
      const own = items.filter((i) => i.user_id === c.user_id);
      expect(own.length).toBeGreaterThanOrEqual(6);
      expect(own.length).toBeLessThanOrEqual(20);
      for (const item of own) expect(item.image_path).toMatch(`public/portfolio/${c.user_id}/`);
      // The profile counts the clients' published, visible reviews (migration 112).
      const theirs = reviews.filter(
        (r) =>
          r.creator_profile_id === c.id &&
          r.direction === "client_to_creator" &&
          r.published_at &&
          !r.hidden_at,
      );
      expect(theirs.length).toBeGreaterThanOrEqual(3);
      expect(c.review_count).toBe(theirs.length);
      const avg = theirs.reduce((sum, r) => sum + r.rating, 0) / theirs.length;
      expect(c.rating_avg).toBeCloseTo(avg, 2);
      for (const r of theirs) expect(r.rating).toBeGreaterThanOrEqual(3);
    }
    const sample = items[0];
    const stored = await app.fetch(`/media/${sample?.image_path}/thumb.webp`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/webp");
    const completed = await db()
      .selectFrom("bookings")
      .where("status", "=", "completed")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const jobs = creators.reduce((sum, c) => sum + c.jobs_completed, 0);
    expect(jobs).toBe(completed.n);
    expect(jobs).toBeGreaterThan(creators.length);
  });

  it("has applications in every status", async () => {
    const rows = await db().selectFrom("applications").select("status").execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(APPLICATION_STATUSES));
  });

  it("lets the demo admin, client and creators sign in (the admin with its authenticator key)", async () => {
    const signIn = (email: string, password: string) =>
      app.fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
    const { admin, client, creatorPassword, creatorEmailDomain } = DEMO_ACCOUNTS;
    const adminSignIn = await signIn(admin.email, admin.password);
    expect(await adminSignIn.json()).toMatchObject({ twoFactorRedirect: true });
    const verified = await app.fetch("/api/auth/two-factor/verify-totp", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookieFrom(adminSignIn) },
      body: JSON.stringify({ code: await totpCode(admin.totpKey) }),
    });
    expect(verified.status).toBe(200);
    const adminOnly = await app.fetch("/api/admin/me", {
      headers: { cookie: cookieFrom(verified) },
    });
    expect(adminOnly.status).toBe(200);
    expect((await signIn(client.email, client.password)).status).toBe(200);
    expect((await signIn(`sofia.martinez@${creatorEmailDomain}`, creatorPassword)).status).toBe(
      200,
    );
    const adminRow = await db()
      .selectFrom("admin_users")
      .innerJoin("user", "user.id", "admin_users.user_id")
      .select(["role", "is_active", "email"])
      .execute();
    expect(adminRow).toEqual([{ role: "super_admin", is_active: true, email: admin.email }]);
  });
});

describe("the demo world's payouts", () => {
  // Last in the file: it runs the payout job on the seeded world.
  it("leaves nothing overdue: the payout job's first run does not pay out a backlog at once", async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom("payouts")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await app.deps.jobs.run(PAYOUT_JOBS.run, {}, new Date());
    // At most the odd booking of the last few days falls due at start.
    expect((await count()) - before).toBeLessThanOrEqual(3);
  });
});

describe("demo seed guards", () => {
  it("never touches a database that has a user, and never runs when off or in production", async () => {
    const database = await createTestDatabase();
    try {
      const deps = { database, storage: app.deps.storage, log };
      const demo = { demoSeed: true, env: "development" as const, authSecret: "unused" };
      expect(await seedDemoIfEmpty({ ...deps, config: { ...demo, demoSeed: false } })).toEqual({
        seeded: false,
        reason: "disabled",
      });
      expect(await seedDemoIfEmpty({ ...deps, config: { ...demo, env: "production" } })).toEqual({
        seeded: false,
        reason: "production",
      });
      await createUser(database.db, { email: "real@customer.test" });
      expect(await seedDemoIfEmpty({ ...deps, config: demo })).toEqual({
        seeded: false,
        reason: "not-empty",
      });
      const users = await database.db.selectFrom("user").select("email").execute();
      expect(users).toEqual([{ email: "real@customer.test" }]);
    } finally {
      await database.close();
    }
  });
});
