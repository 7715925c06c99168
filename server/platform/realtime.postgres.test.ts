import { sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { REALTIME_TOPICS } from "../../contracts/realtime.ts";
import { openDatabase } from "../db/database.ts";
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
