import { Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { REALTIME_TOPICS } from "../../contracts/realtime.ts";
import { openDatabase } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { createLogger } from "./logger.ts";
import { createRealtime, type RealtimeEvent } from "./realtime.ts";

// PostgreSQL only: two server processes share one database (PGlite is one process by design).
const log = createLogger("silent");
const TOPIC = REALTIME_TOPICS.applications;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function waitFor(condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

it("lets two processes see each other's events, and loses none while LISTEN reconnects", async () => {
  const first = await createTestDatabase();
  cleanups.push(() => first.close());
  const second = await openDatabase({ kind: "postgres", url: first.url! });
  cleanups.push(() => second.close());
  const publisher = createRealtime(first, log);
  const listener = createRealtime(second, log);
  cleanups.push(
    () => publisher.close(),
    () => listener.close(),
  );
  const seen: RealtimeEvent[] = [];
  await listener.subscribe((event) => seen.push(event));

  await publisher.publish(TOPIC, { from: "first" }, "staff");
  await waitFor(() => seen.length === 1);
  expect(seen[0]!.payload).toEqual({ from: "first" });

  // Cut the listener's LISTEN connection; what is published meanwhile still arrives, in order.
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and query ilike 'listen%'`.execute(first.db);
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push(await publisher.publish(TOPIC, { i }, "staff"));
  await waitFor(() => seen.length === 6);
  expect(seen.slice(1).map((e) => e.id)).toEqual(ids);
});

/** A loopback TCP proxy to PostgreSQL that can stop passing bytes without closing anything. */
async function freezableProxy(target: URL) {
  const net = await import("node:net");
  let frozen = false;
  const sockets = new Set<import("node:net").Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    inbound.on("data", (chunk) => frozen || outbound.write(chunk));
    outbound.on("data", (chunk) => frozen || inbound.write(chunk));
    inbound.on("error", () => outbound.destroy());
    outbound.on("error", () => inbound.destroy());
    inbound.on("close", () => outbound.destroy());
    outbound.on("close", () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    freeze: () => {
      frozen = true;
    },
    // A frozen connection never ends by itself: cut them all, or close would wait for ever.
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

it("counts a LISTEN connection that stops answering as lost (the session cache stops trusting it)", async () => {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  const proxy = await freezableProxy(new URL(database.url!));
  const throughProxy = { ...database, url: proxy.url };
  const realtime = createRealtime(throughProxy, log, { livenessProbeMs: 200 });
  // The proxy first (cleanups run last to first): its cut unblocks what waits on the frozen path.
  cleanups.push(
    () => realtime.close(),
    () => proxy.close(),
  );
  const changes: string[] = [];
  await realtime.subscribeAuthChanges((change) =>
    changes.push(typeof change === "string" ? change : "user"),
  );
  await new Promise((r) => setTimeout(r, 500));
  expect(changes).not.toContain("lost");
  // No error, no close: the path just goes silent.
  proxy.freeze();
  await waitFor(() => changes.includes("lost"), 5_000);
});

it("ends an event-writing transaction with its events and commit in one round trip, and answers once it is flushed", async () => {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  // The same pool, with every statement written down as it is sent (but the event feed's own
  // reads, which come when they come).
  const sent: string[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: database.pool }),
    log: (event) => {
      const text = event.query.sql.replace(/\s+/g, " ").trim();
      if (!text.includes('from "realtime_events"')) sent.push(text);
    },
  });
  const realtime = createRealtime({ ...database, db }, log);
  cleanups.push(() => realtime.close());
  const seen: RealtimeEvent[] = [];
  await realtime.subscribe((event) => seen.push(event));
  sent.length = 0;

  // A payload that would break a carelessly quoted literal.
  const payload = { note: "it's a \\ 'quoted' value", n: 1 };
  await realtime.transaction(async (trx) => {
    await sql`select 1`.execute(trx);
    await realtime.publish(TOPIC, payload, "public", trx);
  });
  const [begin, first, last, flush, ...rest] = sent;
  expect([begin, first]).toEqual(["begin", "select 1"]);
  // The events, the lazy commit and COMMIT in one text; then the flush, before it answered.
  expect(last).toMatch(
    /^select id from publish_realtime_events\( ?E?'.*'::jsonb\) as id, set_config\('synchronous_commit', 'off', true\); commit$/,
  );
  expect(flush).toBe("select pg_current_xact_id()");
  expect(rest).toEqual([]);
  await waitFor(() => seen.length === 1);
  expect(seen[0]!.payload).toEqual(payload);
  expect(
    (await sql<{ mode: string }>`select current_setting('synchronous_commit') as mode`.execute(db))
      .rows[0]!.mode,
  ).toBe("on");

  // Nothing published: a plain commit, no flush of its own.
  sent.length = 0;
  await realtime.transaction((trx) => sql`select 2`.execute(trx));
  expect(sent).toEqual(["begin", "select 2", "commit"]);

  // A failing commit (the events' insert refused) rolls everything back and publishes nothing.
  const before = seen.length;
  await expect(
    realtime.transaction(async (trx) => {
      await sql`create temp table kept (x int) on commit drop`.execute(trx);
      await realtime.publish(TOPIC, payload, "nobody" as never, trx);
    }),
  ).rejects.toThrow();
  await realtime.publish(TOPIC, { after: true }, "public");
  await waitFor(() => seen.length === before + 1);
  expect(seen.at(-1)!.payload).toEqual({ after: true });
});
