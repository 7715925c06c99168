import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { createJobs, type Jobs } from "./jobs.ts";
import { createLogger } from "./logger.ts";

const CLOCK = new Date("2026-03-01T12:00:00Z");

let database: Database;
let jobs: Jobs;
const handled: { name: string; data: unknown; now: Date }[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = createJobs({ database, log: createLogger("silent"), now: () => CLOCK });
  jobs.define<{ n: number }>({
    name: "test.record",
    handler: async (data, { now }) => {
      handled.push({ name: "test.record", data, now });
    },
  });
  jobs.define<{ n: number }>({
    name: "test.flaky",
    retryLimit: 1,
    retryDelaySeconds: 30,
    handler: async (data, { now }) => {
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error("temporary failure");
      }
      handled.push({ name: "test.flaky", data, now });
    },
  });
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

const jobRows = async (name: string) =>
  (
    await database.pool.query<{
      state: string;
      retry_count: number;
      retry_backoff: boolean;
      due_in_seconds: number;
    }>(
      `select state, retry_count, retry_backoff,
              extract(epoch from start_after - now())::float as due_in_seconds
         from pgboss.job where name = $1 order by created_on`,
      [name],
    )
  ).rows;

/** Makes every waiting retry of `name` due now, as if its backoff had passed. */
const skipBackoff = (name: string) =>
  database.pool.query(
    "update pgboss.job set start_after = now() where name = $1 and state = 'retry'",
    [name],
  );

describe("the job queue", () => {
  it("reads startAfter on its own clock: a deadline 30 min ahead of it is 30 min away", async () => {
    // The queue's clock is months behind the database's: read on the database's clock, this
    // deadline would be long past, and a handler finding it not yet reached would re-book
    // itself, due at once, forever.
    await jobs.send("test.record", { n: 9 }, { startAfter: new Date(CLOCK.getTime() + 1_800_000) });
    const [row] = (await jobRows("test.record")).slice(-1);
    expect(row!.state).toBe("created");
    expect(row!.due_in_seconds).toBeGreaterThan(1_790);
    expect(row!.due_in_seconds).toBeLessThanOrEqual(1_800);
    await database.pool.query("delete from pgboss.job where name = 'test.record'");
  });

  it("runs a job sent in a committed transaction, and none from a rolled-back one", async () => {
    await database.db.transaction().execute(async (trx) => {
      await jobs.send("test.record", { n: 1 }, { executor: trx });
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await jobs.send("test.record", { n: 2 }, { executor: trx });
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    await jobs.drain();
    expect(handled.filter((h) => h.name === "test.record").map((h) => h.data)).toEqual([{ n: 1 }]);
    expect(await jobRows("test.record")).toHaveLength(1);
  });

  it("hands handlers the queue's clock", async () => {
    await jobs.send("test.record", { n: 3 });
    await jobs.drain();
    expect(handled.find((h) => (h.data as { n: number }).n === 3)?.now).toEqual(CLOCK);
  });

  it("retries a failed job after a backoff, then lists it once its retries are used up", async () => {
    failuresLeft = 1;
    await jobs.send("test.flaky", { n: 1 });
    await jobs.drain();
    const [waiting] = await jobRows("test.flaky");
    expect(waiting).toMatchObject({ state: "retry", retry_backoff: true });
    expect(waiting?.due_in_seconds).toBeGreaterThan(10);
    await skipBackoff("test.flaky");
    await jobs.drain();
    expect(handled.filter((h) => h.name === "test.flaky")).toHaveLength(1);
    expect((await jobRows("test.flaky"))[0]?.state).toBe("completed");

    failuresLeft = 2;
    await jobs.send("test.flaky", { n: 2 });
    await jobs.drain();
    await skipBackoff("test.flaky");
    await jobs.drain();
    const failed = await jobs.failed("test.flaky");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ data: { n: 2 }, error: "temporary failure", attempts: 2 });
  });
});
