import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCreator } from "../../db/factories.ts";
import { adminSession, jsonRequest, userSession } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { PAYOUT_JOBS } from "./jobs.ts";

// The daily tiers job over the database with a controllable clock: the figures at every
// boundary, the 6-month history behind Elite, the day's idempotence and staff's VIP.

const TODAY = new Date("2030-11-25T06:00:00Z");
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => TODAY });
});
afterAll(() => app?.close());

async function creatorWith(jobs: number, rating: number) {
  const { profile } = await createCreator(app.database.db, { approved: true });
  await app.database.db
    .updateTable("photographer_profiles")
    .set({ jobs_completed: jobs, rating_avg: String(rating) })
    .where("id", "=", profile.id)
    .execute();
  return profile.id;
}

/** Daily snapshots from `from` to the day before TODAY, at `rating`. */
async function history(profileId: string, from: string, rating: number) {
  await sql`insert into creator_tier_history (creator_profile_id, day, jobs_completed, rating, tier)
    select ${profileId}, d::date, 50, ${rating}, 'pro'
      from generate_series(${from}::date, '2030-11-24'::date, interval '1 day') d`.execute(
    app.database.db,
  );
}

async function tierOf(profileId: string) {
  await app.deps.jobs.run(PAYOUT_JOBS.tiers, {}, TODAY);
  const row = await app.database.db
    .selectFrom("creator_tiers")
    .select("tier")
    .where("creator_profile_id", "=", profileId)
    .executeTakeFirstOrThrow();
  return row.tier;
}

describe("the daily tiers job", () => {
  it("puts creators at the booking and rating boundaries in their tiers", async () => {
    const cases: [number, number, string][] = [
      [9, 5, "starter"],
      [10, 4.5, "pro"],
      [10, 4.49, "starter"],
      [49, 4.9, "pro"],
    ];
    for (const [jobs, rating, tier] of cases) {
      expect([jobs, rating, await tierOf(await creatorWith(jobs, rating))]).toEqual([
        jobs,
        rating,
        tier,
      ]);
    }
  });

  it("makes Elite only with 50 bookings and 4.8 on every day of the last 6 months", async () => {
    const elite = await creatorWith(50, 4.8);
    await history(elite, "2030-05-25", 4.8);
    expect(await tierOf(elite)).toBe("elite");

    const fortyNine = await creatorWith(49, 4.9);
    await history(fortyNine, "2030-05-25", 4.9);
    expect(await tierOf(fortyNine)).toBe("pro");

    const lowToday = await creatorWith(50, 4.79);
    await history(lowToday, "2030-05-25", 4.9);
    expect(await tierOf(lowToday)).toBe("pro");

    const oneBadDay = await creatorWith(60, 4.9);
    await history(oneBadDay, "2030-05-25", 4.9);
    await app.database.db
      .updateTable("creator_tier_history")
      .set({ rating: "4.79" })
      .where("creator_profile_id", "=", oneBadDay)
      .where("day", "=", sql<Date>`'2030-08-14'::date`)
      .execute();
    expect(await tierOf(oneBadDay)).toBe("pro");

    const short = await creatorWith(60, 4.9);
    await history(short, "2030-05-26", 4.9);
    expect(await tierOf(short)).toBe("pro");

    // A day below 4.8 before the window no longer counts.
    const recovered = await creatorWith(60, 4.9);
    await history(recovered, "2030-03-01", 4.9);
    await app.database.db
      .updateTable("creator_tier_history")
      .set({ rating: "4.2" })
      .where("creator_profile_id", "=", recovered)
      .where("day", "=", sql<Date>`'2030-05-24'::date`)
      .execute();
    expect(await tierOf(recovered)).toBe("elite");
  });

  it("writes one snapshot per creator per day, however often it runs", async () => {
    const id = await creatorWith(12, 4.7);
    await tierOf(id);
    await tierOf(id);
    const rows = await app.database.db
      .selectFrom("creator_tier_history")
      .select(["jobs_completed", "tier", sql<string>`day::text`.as("day")])
      .where("creator_profile_id", "=", id)
      .execute();
    expect(rows).toEqual([{ jobs_completed: 12, tier: "pro", day: "2030-11-25" }]);
  });
});

describe("VIP by staff invitation", () => {
  it("overrides the computed tier until removed, each change in the audit log", async () => {
    const admin = await adminSession(app);
    const id = await creatorWith(60, 4.9);
    await history(id, "2030-05-25", 4.9);
    const invite = await app.fetch(
      `/api/admin/tiers/${id}/vip`,
      jsonRequest("PUT", { vip: true, reason: "Top creator" }, admin.cookie),
    );
    expect(invite.status).toBe(200);
    expect(await invite.json()).toEqual({ tier: "vip" });
    expect(await tierOf(id)).toBe("vip");

    const list = await app.fetch("/api/admin/tiers", { headers: { cookie: admin.cookie } });
    const items = ((await list.json()) as { items: { creatorProfileId: string; vip: boolean }[] })
      .items;
    expect(items.find((i) => i.creatorProfileId === id)?.vip).toBe(true);

    const remove = await app.fetch(
      `/api/admin/tiers/${id}/vip`,
      jsonRequest("PUT", { vip: false }, admin.cookie),
    );
    expect(await remove.json()).toEqual({ tier: "elite" });
    const audit = await app.database.db
      .selectFrom("staff_audit_log")
      .select(["action", "actor_user_id", "reason"])
      .where("target_id", "=", id)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "tier.vip_invite", actor_user_id: admin.user.id, reason: "Top creator" },
      { action: "tier.vip_remove", actor_user_id: admin.user.id, reason: null },
    ]);
  });

  it("refuses the tier routes to everyone but staff", async () => {
    const id = await creatorWith(1, 1);
    const client = await userSession(app);
    const { profile } = await createCreator(app.database.db, { approved: true });
    void profile;
    for (const cookie of [undefined, client.cookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      expect((await app.fetch("/api/admin/tiers", { headers })).status).toBeGreaterThanOrEqual(401);
      const put = await app.fetch(
        `/api/admin/tiers/${id}/vip`,
        jsonRequest("PUT", { vip: true }, cookie),
      );
      expect([401, 403]).toContain(put.status);
    }
    const admin = await adminSession(app);
    const unknown = await app.fetch(
      "/api/admin/tiers/00000000-0000-4000-8000-000000000000/vip",
      jsonRequest("PUT", { vip: true }, admin.cookie),
    );
    expect(unknown.status).toBe(404);
  });
});
