import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { jobListener } from "./job-wakeups.ts";
import { createJobs, type Jobs } from "./jobs.ts";
import { createLogger } from "./logger.ts";

// PostgreSQL only: a web process (sends, runs nothing) and a worker process on one database;
// the worker's wake-up connection survives being cut.

const log = createLogger("silent");
let database: Database;
let web: Jobs;
let worker: Jobs;
const ran: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  web = createJobs({ database, log });
  worker = createJobs({ database, log });
  for (const [jobs, who] of [
    [web, "web"],
    [worker, "worker"],
  ] as const) {
    jobs.define<{ n: number }>({
      name: "test.wakeup",
      handler: async (data) => {
        ran.push(`${who} ${data.n}`);
      },
    });
  }
  await web.start({ work: false });
  await worker.start();
});
afterAll(async () => {
  await web?.stop();
  await worker?.stop();
  await database?.close();
});

const waitFor = async (what: string, condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!condition()) throw new Error(`never happened: ${what}`);
};

it("runs what a web process sends on the worker only, each job once; queues NOTIFY their workers", async () => {
  for (let n = 0; n < 5; n++) await web.send("test.wakeup", { n });
  await worker.drain();
  expect(ran.sort()).toEqual(["worker 0", "worker 1", "worker 2", "worker 3", "worker 4"]);
  const { rows } = await database.pool.query<{ notify: boolean }>(
    "select notify from pgboss.queue where name = 'test.wakeup'",
  );
  expect(rows).toEqual([{ notify: true }]);
});

it("hears notifications on its own connection, and after that connection is cut listens again", async () => {
  const heard: string[] = [];
  let reconnects = 0;
  const handle = await jobListener(database, log)(
    "test_wakeups",
    (payload) => heard.push(payload),
    () => reconnects++,
  );
  try {
    // Called once listening, so pg-boss fetches whatever was sent before.
    expect(reconnects).toBe(1);
    await database.pool.query("select pg_notify('test_wakeups', 'first')");
    await waitFor("the first notification", () => heard.includes("first"));

    await database.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen \"test_wakeups\"'",
    );
    await waitFor("listening again", () => reconnects === 2);
    await database.pool.query("select pg_notify('test_wakeups', 'second')");
    await waitFor("the second notification", () => heard.includes("second"));
    expect(heard).toEqual(["first", "second"]);
  } finally {
    await handle.close();
  }
});
