import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_PATH, REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { pruneEvents } from "../../platform/realtime.ts";
import { adminSession, userSession } from "../../test/sessions.ts";
import { openSseStream, type SseMessage } from "../../test/sse-client.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { ACTIVITY_TOUCH_MS } from "./activity.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const TOPIC = REALTIME_TOPICS.adminNotifications;
const isReady = (m: SseMessage) => m.event === "ready";
const topics = (messages: SseMessage[]) => messages.filter((m) => m.event === TOPIC);
const open = (options: { cookie?: string; lastEventId?: string } = {}) =>
  openSseStream(`${app.url}${EVENTS_PATH}`, options);

describe("GET /api/events", () => {
  it("sends each event only to whom it is for: everyone, staff, or its one user", async () => {
    const [alice, bob, admin] = [
      await userSession(app),
      await userSession(app),
      await adminSession(app),
    ];
    const streams = {
      anonymous: await open(),
      alice: await open({ cookie: alice.cookie }),
      bob: await open({ cookie: bob.cookie }),
      admin: await open({ cookie: admin.cookie }),
    };
    for (const stream of Object.values(streams)) await stream.readUntil(isReady);
    const rt = app.deps.realtime;
    await rt.publish(TOPIC, { n: "for alice" }, { userId: alice.user.id });
    await rt.publish(TOPIC, { n: "for bob" }, { userId: bob.user.id });
    await rt.publish(TOPIC, { n: "for staff" }, "staff");
    await rt.publish(TOPIC, { n: "for all" }, "public");
    const seen = async (stream: (typeof streams)["alice"]) =>
      topics(await stream.readUntil((m) => m.data.includes("for all"))).map(
        (m) => (JSON.parse(m.data) as { n: string }).n,
      );
    expect(await seen(streams.anonymous)).toEqual(["for all"]);
    expect(await seen(streams.alice)).toEqual(["for alice", "for all"]);
    expect(await seen(streams.bob)).toEqual(["for bob", "for all"]);
    expect(await seen(streams.admin)).toEqual(["for staff", "for all"]);
    for (const stream of Object.values(streams)) stream.close();
  });

  it("replays exactly what a cut stream missed, in order, after its Last-Event-ID", async () => {
    const [user, other] = [await userSession(app), await userSession(app)];
    const first = await open({ cookie: user.cookie });
    const [ready] = await first.readUntil(isReady);
    first.close();
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(await app.deps.realtime.publish(TOPIC, { i }, { userId: user.user.id }));
      await app.deps.realtime.publish(TOPIC, { other: i }, { userId: other.user.id });
    }
    const second = await open({ cookie: user.cookie, lastEventId: ready!.id });
    const replayed = topics(await second.readUntil(isReady));
    expect(replayed.map((m) => Number(m.id))).toEqual(ids);
    expect(replayed.map((m) => JSON.parse(m.data))).toEqual(ids.map((_, i) => ({ i })));
    // Live again: the next event comes once, after the replay.
    const next = await app.deps.realtime.publish(TOPIC, { i: 20 }, { userId: user.user.id });
    const live = topics(await second.readUntil((m) => m.id === String(next)));
    expect(live.map((m) => Number(m.id))).toEqual([next]);
    second.close();
  });

  it("never delivers the event of a rolled-back transaction, live or replayed", async () => {
    const stream = await open();
    const [ready] = await stream.readUntil(isReady);
    await app.database.db
      .transaction()
      .execute(async (trx) => {
        await app.deps.realtime.publish(TOPIC, { n: "rolled back" }, "public", trx);
        throw new Error("abort");
      })
      .catch(() => {});
    await app.database.db
      .transaction()
      .execute((trx) => app.deps.realtime.publish(TOPIC, { n: "committed" }, "public", trx));
    const live = topics(await stream.readUntil((m) => m.data.includes("committed")));
    expect(live.map((m) => JSON.parse(m.data))).toEqual([{ n: "committed" }]);
    stream.close();
    const again = await open({ lastEventId: ready!.id });
    const replayed = topics(await again.readUntil(isReady));
    expect(replayed.map((m) => JSON.parse(m.data))).toEqual([{ n: "committed" }]);
    again.close();
  });

  it("tells a browser to reload when what it missed was pruned, or its position is unknown", async () => {
    const stream = await open();
    const [ready] = await stream.readUntil(isReady);
    stream.close();
    await app.deps.realtime.publish(TOPIC, { n: "pruned" }, "public");
    expect(await pruneEvents(app.deps, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    for (const lastEventId of [ready!.id!, "999999999999", "not-an-id"]) {
      const again = await open({ lastEventId });
      const messages = await again.readUntil(isReady);
      expect(messages.map((m) => m.event)).toEqual(["reset", "ready"]);
      again.close();
    }
  });
});

describe("an open stream's activity", () => {
  it("is recorded at open, then again by the re-checks every ACTIVITY_TOUCH_MS, for each reader", async () => {
    let now = new Date("2026-11-27T10:00:00Z");
    const fast = await startTestApp({ STREAM_ACCESS_CHECK_MS: "100" }, { now: () => now });
    try {
      const people = [await userSession(fast), await userSession(fast)];
      const streams = await Promise.all(
        people.map((p) => openSseStream(`${fast.url}${EVENTS_PATH}`, { cookie: p.cookie })),
      );
      for (const stream of streams) await stream.readUntil(isReady);
      const activity = async () => {
        const rows = await fast.database.db
          .selectFrom("user_activity")
          .select(["user_id", "last_active_at"])
          .where(
            "user_id",
            "in",
            people.map((p) => p.user.id),
          )
          .execute();
        return rows.map((r) => new Date(r.last_active_at).toISOString()).sort();
      };
      const opened = now.toISOString();
      await expect.poll(activity).toEqual([opened, opened]);
      now = new Date(now.getTime() + ACTIVITY_TOUCH_MS);
      const later = now.toISOString();
      await expect.poll(activity, { timeout: 5000 }).toEqual([later, later]);
      for (const stream of streams) stream.close();
    } finally {
      await fast.close();
    }
  });
});

describe("pruneEvents", () => {
  it("deletes only events older than the given time", async () => {
    const fresh = await startTestApp();
    try {
      const rt = fresh.deps.realtime;
      const old = await rt.publish(TOPIC, { n: 1 }, "public");
      await fresh.database.db
        .updateTable("realtime_events")
        .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
        .where("id", "=", old)
        .execute();
      const kept = await rt.publish(TOPIC, { n: 2 }, "public");
      expect(await pruneEvents(fresh.deps, new Date(Date.now() - 7 * 86_400_000))).toBe(1);
      const ids = await fresh.database.db.selectFrom("realtime_events").select("id").execute();
      expect(ids.map((r) => r.id)).toEqual([kept]);
      expect(await rt.position()).toEqual({ head: kept, prunedThrough: old });
      expect(await pruneEvents(fresh.deps, new Date(Date.now() - 7 * 86_400_000))).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
