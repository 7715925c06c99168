import { afterAll, expect, it } from "vitest";
import { REALTIME_CHANNELS } from "../../contracts/realtime.ts";
import { openDatabase } from "../db/database.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { createLogger } from "./logger.ts";
import { createRealtime } from "./realtime.ts";

// PostgreSQL only: two server processes share one database (PGlite is one process by design).
const log = createLogger("silent");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

it("lets two server processes on one PostgreSQL see each other's events", async () => {
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

  const received = new Promise((resolve) => {
    void listener.subscribe(REALTIME_CHANNELS.applications, resolve);
  });
  await new Promise((r) => setTimeout(r, 100));
  await publisher.publish(REALTIME_CHANNELS.applications, { from: "first" });
  expect(await received).toEqual({ from: "first" });
});
