import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { REALTIME_TOPICS } from "../../contracts/realtime.ts";
import type { Database } from "../db/database.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { createLogger } from "./logger.ts";
import { createRealtime, type Realtime, type RealtimeEvent } from "./realtime.ts";

const log = createLogger("silent");
const TOPIC = REALTIME_TOPICS.applications;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(): Promise<{ database: Database; realtime: Realtime }> {
  const database = await createTestDatabase();
  const realtime = createRealtime(database, log);
  cleanups.push(
    () => database.close(),
    () => realtime.close(),
  );
  return { database, realtime };
}

async function waitFor(condition: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("realtime", () => {
  it("publishes many events in one statement, in order; beside others, none lost or doubled; none if rolled back", async () => {
    const { database, realtime } = await setup();
    const seen: RealtimeEvent[] = [];
    await realtime.subscribe((event) => seen.push(event));
    const batch = (k: number) =>
      Array.from({ length: 25 }, (_, i) => ({
        topic: TOPIC,
        payload: { id: `b${k}-${i}` },
        audience: (i % 2 ? "staff" : "public") as "staff" | "public",
      }));
    const rolledBack = database.db
      .transaction()
      .execute(async (trx) => {
        await realtime.publishMany(batch(9), trx);
        throw new Error("changed my mind");
      })
      .catch(() => []);
    const published = await Promise.all([
      database.db.transaction().execute((trx) => realtime.publishMany(batch(1), trx)),
      realtime.publish(TOPIC, { id: "single" }, "public").then((id) => [id]),
      database.db.transaction().execute((trx) => realtime.publishMany(batch(2), trx)),
      rolledBack,
      realtime.publishMany([]),
    ]);
    for (const ids of published) expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const all = published.flat();
    // Everything published before the last event has arrived by the time it does.
    const last = await realtime.publish(TOPIC, { id: "last" }, "public");
    await waitFor(() => seen.some((e) => e.id === last));
    expect(seen.map((e) => e.id)).toEqual([...all, last].sort((a, b) => a - b));
    const first = seen.filter((e) => (e.payload as { id: string }).id.startsWith("b1-"));
    expect(first.map((e) => (e.payload as { id: string }).id)).toEqual(
      batch(1).map((e) => e.payload.id),
    );
    expect(first.map((e) => e.audience)).toEqual(batch(1).map((e) => e.audience));
    expect(seen.some((e) => (e.payload as { id: string }).id.startsWith("b9-"))).toBe(false);
  });

  it("writes a transaction's events as its last step, in order, and none if it rolls back", async () => {
    const { database, realtime } = await setup();
    const seen: RealtimeEvent[] = [];
    await realtime.subscribe((event) => seen.push(event));
    const written = (trx: typeof database.db) =>
      sql<{ n: number }>`select count(*)::int as n from realtime_events`
        .execute(trx)
        .then((r) => r.rows[0]!.n);
    const answered = await realtime.transaction(async (trx) => {
      const first = await realtime.publish(TOPIC, { id: "held-1" }, "public", trx);
      expect(await written(trx)).toBe(0);
      const rest = await realtime.publishMany(
        [
          { topic: TOPIC, payload: { id: "held-2" }, audience: "public" },
          { topic: TOPIC, payload: { id: "held-3" }, audience: "staff" },
        ],
        trx,
      );
      return [first, ...rest];
    });
    expect(answered).toEqual([0, 0, 0]);
    await expect(
      realtime.transaction(async (trx) => {
        await realtime.publish(TOPIC, { id: "never" }, "public", trx);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await waitFor(() => seen.length >= 3);
    expect(seen.map((e) => (e.payload as { id: string }).id)).toEqual([
      "held-1",
      "held-2",
      "held-3",
    ]);
    expect(seen.map((e) => e.id)).toEqual([...seen.map((e) => e.id)].sort((a, b) => a - b));
    expect(await written(database.db)).toBe(3);
  });

  it("delivers each committed event once, with its id and payload, in id order", async () => {
    const { realtime } = await setup();
    const seen: RealtimeEvent[] = [];
    await realtime.subscribe((event) => seen.push(event));
    const ids = [
      await realtime.publish(TOPIC, { id: "a1", status: "approved" }, "staff"),
      await realtime.publish(TOPIC, { id: "a2", status: "denied" }, "public"),
    ];
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual([
      {
        id: ids[0],
        topic: TOPIC,
        payload: { id: "a1", status: "approved" },
        audience: "staff",
        userId: null,
      },
      {
        id: ids[1],
        topic: TOPIC,
        payload: { id: "a2", status: "denied" },
        audience: "public",
        userId: null,
      },
    ]);
  });

  it("never delivers or keeps the event of a rolled-back transaction", async () => {
    const { database, realtime } = await setup();
    const seen: unknown[] = [];
    await realtime.subscribe((event) => seen.push(event.payload));
    const before = (await realtime.position()).head;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await realtime.publish(TOPIC, { rolledBack: true }, "public", trx);
        throw new Error("abort");
      })
      .catch(() => {});
    await database.db
      .transaction()
      .execute((trx) => realtime.publish(TOPIC, { ok: 1 }, "public", trx));
    await waitFor(() => seen.length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([{ ok: 1 }]);
    const { head } = await realtime.position();
    const stored = await realtime.eventsBetween(before, head, { userId: null, staff: true }, 10);
    expect(stored.map((e) => e.payload)).toEqual([{ ok: 1 }]);
  });

  it("makes events visible in id order even when transactions commit out of order", async () => {
    const { database, realtime } = await setup();
    const seen: number[] = [];
    await realtime.subscribe((event) => seen.push(event.id));
    // Each transaction publishes, then waits a random while before committing.
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction().execute(async (trx) => {
          const id = await realtime.publish(TOPIC, { i }, "public", trx);
          await new Promise((r) => setTimeout(r, Math.random() * 30));
          return id;
        }),
      ),
    );
    await waitFor(() => seen.length === 20);
    expect(seen).toEqual([...ids].sort((a, b) => a - b));
  });
});
