import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coarseCoordinate,
  distanceBand,
  NOT_ONLINE_MESSAGE,
  type PresenceState,
} from "../../../contracts/availability.ts";
import { PRESENCE } from "../../../contracts/constants.ts";
import { EVENTS_PATH } from "../../../contracts/realtime.ts";
import type { MapResponse } from "../../../contracts/search.ts";
import { createCreator } from "../../db/factories.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { AVAILABILITY_JOBS } from "./jobs.ts";
import { sweepPresence } from "./service.ts";

let app: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
const db = () => app.database.db;

async function creator(overrides: Parameters<typeof createCreator>[1] = {}) {
  const account = await createVerifiedUser(app);
  const { profile } = await createCreator(db(), { userId: account.userId, ...overrides });
  return { cookie: account.cookie, profileId: profile.id };
}

async function post(path: string, cookie: string | undefined, body?: unknown) {
  return app.fetch(`/api/availability/${path}`, {
    ...jsonRequest("POST", body, cookie),
    headers: {
      origin: app.url,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
    },
  });
}

async function ok(response: Response): Promise<PresenceState> {
  expect(response.status).toBe(200);
  return (await response.json()) as PresenceState;
}

async function presence(cookie: string) {
  return ok(await app.fetch("/api/availability/presence", { headers: { cookie } }));
}

async function profileRow(id: string) {
  return db()
    .selectFrom("photographer_profiles")
    .select(["available_now", "travel_lat", "travel_lng"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** Reads the SSE stream while `trigger` runs until `count` presence events arrived (or 5 s). */
async function presenceEvents(trigger: () => Promise<void>, count: number) {
  const controller = new AbortController();
  const response = await app.fetch(EVENTS_PATH, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const events: Record<string, unknown>[] = [];
  const deadline = Date.now() + 5000;
  let triggered = false;
  while (events.length < count && Date.now() < deadline) {
    const { value, done } = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((r) =>
        setTimeout(() => r({ value: undefined, done: true }), deadline - Date.now()),
      ),
    ]);
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!triggered && text.includes("event: ready")) {
      triggered = true;
      await trigger();
    }
    const blocks = text.split("\n\n");
    text = blocks.pop() ?? "";
    for (const block of blocks) {
      if (!block.includes("event: presence")) continue;
      const data = block.split("\n").find((l) => l.startsWith("data:"));
      if (data) events.push(JSON.parse(data.slice(5)));
    }
  }
  controller.abort();
  return events;
}

describe("presence routes", () => {
  it("admit creators only: signed out 401, a client 403", async () => {
    const client = await createVerifiedUser(app);
    for (const path of ["online", "offline", "heartbeat", "page-left"]) {
      expect((await post(path, undefined, {})).status).toBe(401);
      expect((await post(path, client.cookie, {})).status).toBe(403);
    }
    expect((await app.fetch("/api/availability/presence")).status).toBe(401);
    const refused = await app.fetch("/api/availability/presence", {
      headers: { cookie: client.cookie },
    });
    expect(refused.status).toBe(403);
  });

  it("go online with a position, heartbeat, go offline; each repeatable", async () => {
    const me = await creator();
    expect(await presence(me.cookie)).toMatchObject({ online: false, lastSeenAt: null });

    const online = await ok(await post("online", me.cookie, { lat: 25.76123, lng: -80.19187 }));
    expect(online).toEqual({
      profileId: me.profileId,
      online: true,
      position: { lat: 25.76123, lng: -80.19187 },
      lastSeenAt: clock.toISOString(),
      heartbeatSeconds: PRESENCE.heartbeatSeconds,
      availableUntil: null,
    });
    expect(await ok(await post("online", me.cookie, {}))).toMatchObject({ online: true });
    expect(await profileRow(me.profileId)).toEqual({
      available_now: true,
      travel_lat: 25.76123,
      travel_lng: -80.19187,
    });

    advance(30);
    const beat = await ok(await post("heartbeat", me.cookie));
    expect(beat.lastSeenAt).toBe(clock.toISOString());

    const offline = await ok(await post("offline", me.cookie));
    expect(offline).toMatchObject({ online: false, lastSeenAt: null });
    // The last position stays (the map shows it grey); the heartbeat row is gone.
    expect(offline.position).toEqual({ lat: 25.76123, lng: -80.19187 });
    expect(await ok(await post("offline", me.cookie))).toMatchObject({ online: false });
    const rows = await db()
      .selectFrom("creator_presence")
      .select("profile_id")
      .where("profile_id", "=", me.profileId)
      .execute();
    expect(rows).toEqual([]);

    const refused = await post("heartbeat", me.cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      NOT_ONLINE_MESSAGE,
    );
  });

  it("rejects a position without both coordinates, or out of range", async () => {
    const me = await creator();
    expect((await post("online", me.cookie, { lat: 25.7 })).status).toBe(400);
    expect((await post("online", me.cookie, { lat: 91, lng: 0 })).status).toBe(400);
  });

  it("writes a position at most every minPositionIntervalSeconds; extra ones still count", async () => {
    const me = await creator();
    await ok(await post("online", me.cookie, { lat: 25.7, lng: -80.2 }));
    advance(3);
    const early = await ok(await post("heartbeat", me.cookie, { lat: 25.71, lng: -80.2 }));
    expect(early.position).toEqual({ lat: 25.7, lng: -80.2 });
    expect(early.lastSeenAt).toBe(clock.toISOString());
    advance(PRESENCE.minPositionIntervalSeconds);
    const later = await ok(await post("heartbeat", me.cookie, { lat: 25.72, lng: -80.2 }));
    expect(later.position).toEqual({ lat: 25.72, lng: -80.2 });
    // Written just now: the next move waits again.
    advance(1);
    const again = await ok(await post("heartbeat", me.cookie, { lat: 25.73, lng: -80.2 }));
    expect(again.position).toEqual({ lat: 25.72, lng: -80.2 });
    await post("offline", me.cookie);
  });

  it("stays online at 89 s of silence and is swept at 91 s, telling every map", async () => {
    const me = await creator();
    await ok(await post("online", me.cookie, { lat: 25.7712, lng: -80.1934 }));
    advance(89);
    expect(await sweepPresence(app.deps, clock)).not.toContain(me.profileId);
    expect((await presence(me.cookie)).online).toBe(true);

    advance(2);
    let swept: string[] = [];
    const events = await presenceEvents(async () => {
      swept = await sweepPresence(app.deps, clock);
    }, 1);
    expect(swept).toContain(me.profileId);
    expect(events).toContainEqual({
      id: me.profileId,
      listed: true,
      lat: coarseCoordinate(25.7712),
      lng: coarseCoordinate(-80.1934),
      availableNow: false,
      liveTracked: true,
    });
    expect((await profileRow(me.profileId)).available_now).toBe(false);
    expect((await presence(me.cookie)).online).toBe(false);
    expect((await post("heartbeat", me.cookie)).status).toBe(409);
    // Going online again works at once.
    expect((await ok(await post("online", me.cookie))).online).toBe(true);
    await post("offline", me.cookie);
  });

  it("many creators heartbeating at once are each refreshed and answered with their own state", async () => {
    const many = await Promise.all(Array.from({ length: 6 }, () => creator()));
    for (const [i, me] of many.entries()) {
      await ok(await post("online", me.cookie, { lat: 25.7 + i / 100, lng: -80.2 }));
    }
    advance(30);
    const states = await Promise.all(
      many.map(async (me) => ok(await post("heartbeat", me.cookie))),
    );
    for (const [i, state] of states.entries()) {
      expect(state).toMatchObject({
        profileId: many[i]!.profileId,
        online: true,
        position: { lat: 25.7 + i / 100, lng: -80.2 },
        lastSeenAt: clock.toISOString(),
      });
    }
    const rows = await db()
      .selectFrom("creator_presence")
      .select("last_seen_at")
      .where(
        "profile_id",
        "in",
        many.map((m) => m.profileId),
      )
      .execute();
    expect(rows.map((r) => r.last_seen_at)).toEqual(many.map(() => clock));
  });

  it("heartbeats racing the sweep or going offline leave one truth: online with a fresh row, or offline without one", async () => {
    const heartbeats = (cookie: string) =>
      Array.from({ length: 8 }, () => post("heartbeat", cookie).then((r) => r.status));
    const row = (profileId: string) =>
      db()
        .selectFrom("creator_presence")
        .select("last_seen_at")
        .where("profile_id", "=", profileId)
        .executeTakeFirst();

    const swept = await creator();
    await ok(await post("online", swept.cookie));
    advance(91);
    const [sweptIds, ...statuses] = await Promise.all([
      sweepPresence(app.deps, clock),
      ...heartbeats(swept.cookie),
    ]);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    if (statuses.includes(200)) {
      // A heartbeat got in first: the sweep left them alone.
      expect(sweptIds).not.toContain(swept.profileId);
      expect((await profileRow(swept.profileId)).available_now).toBe(true);
      expect((await row(swept.profileId))?.last_seen_at).toEqual(clock);
    } else {
      expect(sweptIds).toContain(swept.profileId);
      expect((await profileRow(swept.profileId)).available_now).toBe(false);
      expect(await row(swept.profileId)).toBeUndefined();
    }

    const leaving = await creator();
    await ok(await post("online", leaving.cookie));
    const [offline, ...racing] = await Promise.all([
      post("offline", leaving.cookie).then((r) => r.status),
      ...heartbeats(leaving.cookie),
    ]);
    expect(offline).toBe(200);
    expect(racing.every((s) => s === 200 || s === 409)).toBe(true);
    expect((await profileRow(leaving.profileId)).available_now).toBe(false);
    expect(await row(leaving.profileId)).toBeUndefined();
  });

  it("a page going away (reload, another URL, closing) leaves the creator online for the grace; a page that heartbeats again keeps them on", async () => {
    const me = await creator();
    await ok(await post("online", me.cookie, { lat: 25.7712, lng: -80.1934 }));
    // A reload: the page goes away and the new one heartbeats a few seconds later.
    expect((await post("page-left", me.cookie)).status).toBe(204);
    expect((await presence(me.cookie)).online).toBe(true);
    advance(3);
    await ok(await post("heartbeat", me.cookie));
    advance(PRESENCE.staleAfterSeconds - 5);
    expect(await sweepPresence(app.deps, clock)).not.toContain(me.profileId);
    expect((await presence(me.cookie)).online).toBe(true);

    // Closing the last tab: nobody heartbeats; offline once the grace is over, not before.
    await ok(await post("heartbeat", me.cookie));
    expect((await post("page-left", me.cookie)).status).toBe(204);
    advance(PRESENCE.leaveGraceSeconds - 1);
    expect(await sweepPresence(app.deps, clock)).not.toContain(me.profileId);
    advance(2);
    expect(await sweepPresence(app.deps, clock)).toContain(me.profileId);
    expect((await presence(me.cookie)).online).toBe(false);
    // An offline creator's page going away changes nothing.
    expect((await post("page-left", me.cookie)).status).toBe(204);
    expect((await presence(me.cookie)).online).toBe(false);
  });

  it("leaves demo creators seeded 'available now' (no heartbeat row) alone; a heartbeat adopts them", async () => {
    const seeded = await creator({ availableNow: true, lat: 25.8, lng: -80.3 });
    advance(10 * 60);
    expect(await sweepPresence(app.deps, clock)).not.toContain(seeded.profileId);
    expect((await presence(seeded.cookie)).online).toBe(true);
    await ok(await post("heartbeat", seeded.cookie));
    advance(PRESENCE.staleAfterSeconds + 1);
    expect(await sweepPresence(app.deps, clock)).toContain(seeded.profileId);
  });

  it("the sweep job runs every minute by cron, books a second run 30 s later, and sweeps", async () => {
    const { rows } = await app.database.pool.query(
      "select cron from pgboss.schedule where name = $1",
      [AVAILABILITY_JOBS.sweepPresence],
    );
    expect(rows).toEqual([{ cron: "* * * * *" }]);
    const me = await creator();
    await ok(await post("online", me.cookie));
    advance(PRESENCE.staleAfterSeconds + 1);
    const booked = async () =>
      (
        await app.database.pool.query<{ start_after: Date }>(
          "select start_after from pgboss.job where name = $1 and data->>'followUp' = 'true'",
          [AVAILABILITY_JOBS.sweepPresence],
        )
      ).rows.map((r) => r.start_after.getTime());
    const before = await booked();
    const sentAt = Date.now();
    await app.deps.jobs.run(AVAILABILITY_JOBS.sweepPresence, {}, clock);
    expect((await presence(me.cookie)).online).toBe(false);
    const after = await booked();
    // 30 s on the queue's clock, counted by the database from the moment it was booked.
    const added = after.filter((t) => !before.includes(t));
    expect(added).toHaveLength(1);
    expect(added[0]! - sentAt).toBeGreaterThanOrEqual(29_000);
    expect(added[0]! - Date.now()).toBeLessThanOrEqual(30_000);
    // The follow-up books nothing more.
    await app.deps.jobs.run(AVAILABILITY_JOBS.sweepPresence, { followUp: true }, clock);
    expect((await booked()).length).toBe(after.length);
  });

  it("limits heartbeats per creator", async () => {
    const me = await creator();
    await ok(await post("online", me.cookie));
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post("heartbeat", me.cookie)).status);
    expect(statuses.slice(0, 19).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("privacy of live positions", () => {
  it("the map and profile pages never carry the exact position; the map gives a band", async () => {
    const me = await creator({ fullName: "Exact Position" });
    const exact = { lat: 25.761937, lng: -80.191846 };
    await ok(await post("online", me.cookie, exact));

    const response = await app.fetch("/api/map/creators?lat=25.7617&lng=-80.1918");
    const text = await response.text();
    const body = JSON.parse(text) as MapResponse;
    const marker = body.creators.find((c) => c.id === me.profileId)!;
    expect(marker).toMatchObject({
      lat: coarseCoordinate(exact.lat),
      lng: coarseCoordinate(exact.lng),
      availableNow: true,
      distanceBand: "Under 1 mi",
    });
    expect(marker.lat).toBe(25.7625);
    expect(marker.lng).toBe(-80.1925);
    for (const digits of ["761937", "191846"]) expect(text).not.toContain(digits);

    const profile = await app.fetch(`/api/creators/${me.profileId}`);
    expect(profile.status).toBe(200);
    const profileText = await profile.text();
    for (const digits of ["761937", "191846"]) expect(profileText).not.toContain(digits);

    // Without a viewer position there is no band.
    const plain = (await (await app.fetch("/api/map/creators")).json()) as MapResponse;
    expect(plain.creators.find((c) => c.id === me.profileId)?.distanceBand).toBeNull();
    await post("offline", me.cookie);
  });

  it("bands distances from the snapped position", async () => {
    const far = await creator({ fullName: "Far Away" });
    await ok(await post("online", far.cookie, { lat: 26.2, lng: -80.19 }));
    const body = (await (
      await app.fetch("/api/map/creators?lat=25.7617&lng=-80.1918")
    ).json()) as MapResponse;
    // About 30 miles north.
    expect(body.creators.find((c) => c.id === far.profileId)?.distanceBand).toBe("25+ mi");
    expect(distanceBand(0.2)).toBe("Under 1 mi");
    expect(distanceBand(1)).toBe("1–3 mi");
    expect(distanceBand(4.9)).toBe("3–5 mi");
    expect(distanceBand(7)).toBe("5–10 mi");
    expect(distanceBand(24.99)).toBe("10–25 mi");
    await post("offline", far.cookie);
  });

  it("coarseCoordinate agrees with coarse_coordinate() in the database", async () => {
    const values = [
      0, 0.0025, 0.005, -0.005, 25.72, 25.7617, -80.1918, -80.2, 25.999999, 89.9999, -179.9999,
      179.9999, -0.0001, 24.3, 26.4, -82.2, -79.9,
    ];
    let seed = 7;
    for (let i = 0; i < 300; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      values.push(Math.round(((seed / 2 ** 31) * 360 - 180) * 1e6) / 1e6);
    }
    const { rows } = await app.database.pool.query<{ v: number; c: number }>(
      "select v, coarse_coordinate(v) as c from unnest($1::float8[]) as v",
      [values],
    );
    for (const row of rows) expect([row.v, coarseCoordinate(row.v)]).toEqual([row.v, row.c]);
  });
});

describe("heartbeats written together", () => {
  let batched: TestApp;
  beforeAll(async () => {
    batched = await startTestApp({ HEARTBEAT_FLUSH_MS: "1500" }, { now: () => clock });
  });
  afterAll(() => batched?.close());

  const postTo = (path: string, cookie: string) =>
    batched.fetch(`/api/availability/${path}`, {
      method: "POST",
      headers: { origin: batched.url, cookie, "content-type": "application/json" },
      body: "{}",
    });

  it("answers each with its own state, and a page-left after a held heartbeat lands after it", async () => {
    const people = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const account = await createVerifiedUser(batched);
        const { profile } = await createCreator(batched.database.db, { userId: account.userId });
        expect((await postTo("online", account.cookie)).status).toBe(200);
        return { cookie: account.cookie, profileId: profile.id, i };
      }),
    );
    const [me] = people as [(typeof people)[number]];
    // The first goes at once; the next ones wait for the window and go together.
    await ok(await postTo("heartbeat", me.cookie));
    advance(5);
    const beatAt = clock;
    const together = people.map((p) => postTo("heartbeat", p.cookie));
    // They reach the server and wait there for the window (1.5 s after the first went).
    await new Promise((r) => setTimeout(r, 400));
    advance(1);
    const leftAt = clock;
    const left = postTo("page-left", me.cookie);
    const states = await Promise.all(together.map(async (r) => ok(await r)));
    expect(states.map((s) => s.profileId)).toEqual(people.map((p) => p.profileId));
    expect(states.every((s) => s.lastSeenAt === beatAt.toISOString())).toBe(true);
    expect((await left).status).toBe(204);
    const graceLeft = PRESENCE.staleAfterSeconds - PRESENCE.leaveGraceSeconds;
    const row = await batched.database.db
      .selectFrom("creator_presence")
      .select("last_seen_at")
      .where("profile_id", "=", me.profileId)
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at.getTime()).toBe(leftAt.getTime() - graceLeft * 1000);
  });
});
