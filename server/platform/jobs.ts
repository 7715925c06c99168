import type { Kysely } from "kysely";
import { fromKysely, PgBoss, type Db as PgBossDb } from "pg-boss";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { jobListener } from "./job-wakeups.ts";
import { countPendingJobs, failedJobs } from "./jobs-queries.ts";
import type { Logger } from "./logger.ts";

/** pg-boss keeps its tables in this schema, next to ours (docs/decisions/012-job-queue.md). */
const SCHEMA = "pgboss";
// Held while a process installs pg-boss and its queues: two processes starting together on a
// fresh PostgreSQL database would otherwise both create the schema (a duplicate-key failure).
const START_LOCK_ID = 7_215_906_402;
// A worker is woken by NOTIFY when a job is sent (job-wakeups.ts); polling is the floor under
// that, and what runs a job whose start time comes.
const POLLING_SECONDS = 1;
// A worker process killed mid-job stops beating: its job is failed and retried after this, not
// after the job's whole expiry. pg-boss checks for such jobs every SUPERVISE_SECONDS.
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 10;
const FAILED_KEPT_SECONDS = 30 * 24 * 60 * 60;

export type JobContext = { id: string; now: Date };

export type JobDefinition<T extends object> = {
  name: string;
  handler: (data: T, context: JobContext) => Promise<void>;
  /** Attempts after the first; each waits longer (exponential backoff from `retryDelaySeconds`). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** A job running longer than this is failed (and retried). */
  expireInSeconds?: number;
  /** Five-field cron, UTC: the queue then gets one job per occurrence. */
  cron?: string;
};

export type FailedJob = {
  id: string;
  data: unknown;
  error: string;
  attempts: number;
  createdAt: string;
  failedAt: string | null;
};

export type Jobs = {
  /** The queue's clock: what handlers see as `now` (tests replace it). */
  now(): Date;
  /** Registers a queue and its handler; call before start(). */
  define<T extends object>(definition: JobDefinition<T>): void;
  /**
   * Enqueues a job. Pass the transaction of the change that needs the job: it then exists
   * exactly when that change commits. A queue takes its jobs by `priority` (higher first, 0 by
   * default), then oldest first. `startAfter` is read on the queue's clock (`now()`).
   */
  send(
    name: string,
    data: object,
    options?: { executor?: Kysely<DB> | undefined; startAfter?: Date; priority?: number },
  ): Promise<void>;
  /** Runs a registered handler now, outside the queue (tests, sweeps by hand). */
  run(name: string, data: object, now?: Date): Promise<void>;
  /** Jobs that used up their retries, newest first. */
  failed(name: string, limit?: number): Promise<FailedJob[]>;
  /** Resolves once no job that is due now is waiting or running (tests). */
  drain(timeoutMs?: number): Promise<void>;
  /**
   * Installs the queues; with `work` (the default) also runs their workers and schedules. A
   * web process (PROCESS_ROLE=web) starts without: it only sends.
   */
  start(options?: { work?: boolean }): Promise<void>;
  /** Stops the workers after their current job; the database stays open. */
  stop(): Promise<void>;
};

/**
 * pg-boss over the app's own pool. On PGlite this is essential: the pool holds PGlite's one
 * connection, so pg-boss's polling waits for the app's open transaction instead of running
 * inside it. node-postgres answers a multi-statement text with one result per statement.
 */
function poolAdapter(database: Database, log: Logger): PgBossDb {
  return {
    listen: jobListener(database, log),
    async executeSql(text, values) {
      const result = (await database.pool.query(text, values)) as unknown as
        | { rows: unknown[] }
        | { rows?: unknown[] }[];
      return Array.isArray(result)
        ? { rows: result.flatMap((r) => r.rows ?? []) }
        : { rows: result.rows };
    },
  };
}

/**
 * A defined job's queue (created or updated) and, in a process that runs jobs, its schedule and
 * worker; answers the worker's id.
 */
async function defineQueue(
  instance: PgBoss,
  definition: JobDefinition<object>,
  context: { now: () => Date; log: Logger; work: boolean },
): Promise<string | undefined> {
  const { now, log } = context;
  const retries = {
    retryLimit: definition.retryLimit ?? 0,
    retryDelay: definition.retryDelaySeconds ?? 0,
    retryBackoff: (definition.retryLimit ?? 0) > 0,
    expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    deleteAfterSeconds: FAILED_KEPT_SECONDS,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    // Sending a job NOTIFYs its queue's workers, in whichever process they run.
    notify: true,
  };
  await instance.createQueue(definition.name, {
    ...retries,
    ...(definition.retryDelayMaxSeconds ? { retryDelayMax: definition.retryDelayMaxSeconds } : {}),
  });
  // createQueue keeps an existing queue as it was: a changed definition applies from here.
  await instance.updateQueue(definition.name, retries);
  if (!context.work) return undefined;
  if (definition.cron) await instance.schedule(definition.name, definition.cron);
  // Known once work() answers; a job taken before that just waits for the next poll.
  let id: string | undefined;
  id = await instance.work<object>(
    definition.name,
    // The same poll with NOTIFY as without: jobs whose start time comes get no NOTIFY.
    { pollingIntervalSeconds: POLLING_SECONDS, notifyPollingIntervalSeconds: POLLING_SECONDS },
    async ([job]) => {
      if (!job) return;
      try {
        await definition.handler(job.data, { id: job.id, now: now() });
      } catch (err) {
        log.warn({ err, job: definition.name, id: job.id }, "job failed");
        throw err;
      } finally {
        // Fetch again at once rather than after the poll: a backlog (jobs sent while no
        // worker ran) drains at the handlers' pace, not one job per poll.
        if (id) instance.notifyWorker(id);
      }
    },
  );
  return id;
}

/**
 * Starts pg-boss and then `whenStarted` (the queues), holding the start lock on PostgreSQL.
 * PGlite is one process with one connection, which the queue itself needs: no lock there.
 */
async function startBoss(
  database: Database,
  log: Logger,
  work: boolean,
  whenStarted: (instance: PgBoss) => Promise<void>,
) {
  const instance = new PgBoss({
    db: poolAdapter(database, log),
    schema: SCHEMA,
    // Only processes that run jobs listen, supervise (expired jobs) and turn crons into jobs.
    // PGlite is one process: nothing is sent from elsewhere, so the poll is enough there.
    useListenNotify: work && database.kind === "postgres",
    supervise: work,
    schedule: work,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    ...(database.kind === "pglite" ? { backend: "pglite" as const } : {}),
  });
  instance.on("error", (err) => log.error({ err }, "job queue error"));
  const lock = database.kind === "postgres" ? await database.pool.connect() : undefined;
  try {
    await lock?.query("select pg_advisory_lock($1)", [START_LOCK_ID]);
    await instance.start();
    await whenStarted(instance);
  } finally {
    await lock?.query("select pg_advisory_unlock($1)", [START_LOCK_ID]).catch(() => {});
    lock?.release();
  }
}

/**
 * A job due at `at` on the queue's clock, as a delay PostgreSQL counts from its own clock. An
 * absolute time would be read on the database's clock: a handler that re-reads its deadline on
 * the queue's clock (a test's, or a server's a few seconds behind PostgreSQL's) and finds it not
 * yet reached would book itself again, due at once, in a loop.
 */
function delayUntil(at: Date | undefined, now: Date): { startAfter?: number } {
  const seconds = at ? (at.getTime() - now.getTime()) / 1000 : 0;
  return seconds > 0 ? { startAfter: seconds } : {};
}

export function createJobs(options: {
  database: Database;
  log: Logger;
  /** The time handlers see as `now`; tests replace it. */
  now?: () => Date;
}): Jobs {
  const { database, log } = options;
  const now = options.now ?? (() => new Date());
  const definitions = new Map<string, JobDefinition<object>>();
  const workerIds: string[] = [];
  let boss: PgBoss | undefined;

  const running = () => {
    if (!boss) throw new Error("The job queue is not started");
    return boss;
  };

  return {
    now,

    define(definition) {
      if (boss) throw new Error(`Define job ${definition.name} before the queue starts`);
      definitions.set(definition.name, definition as JobDefinition<object>);
    },

    async send(name, data, sendOptions = {}) {
      await running().send(name, data, {
        ...(sendOptions.executor ? { db: fromKysely(sendOptions.executor) } : {}),
        ...delayUntil(sendOptions.startAfter, now()),
        ...(sendOptions.priority ? { priority: sendOptions.priority } : {}),
      });
    },

    async run(name, data, at) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`No job named ${name}`);
      await definition.handler(data, { id: "manual", now: at ?? now() });
    },

    failed: (name, limit = 50) => failedJobs(database, SCHEMA, name, limit),

    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const id of workerIds) running().notifyWorker(id);
        if ((await countPendingJobs(database, SCHEMA, [...definitions.keys()])) === 0) return;
        if (Date.now() > deadline) throw new Error(`Jobs still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    async start({ work = true } = {}) {
      if (boss) return;
      await startBoss(database, log, work, async (instance) => {
        boss = instance;
        for (const definition of definitions.values()) {
          const id = await defineQueue(instance, definition, { now, log, work });
          if (id) workerIds.push(id);
        }
      });
    },

    async stop() {
      const instance = boss;
      if (!instance) return;
      boss = undefined;
      workerIds.length = 0;
      await instance.stop({ graceful: true, timeout: 10_000, close: false });
    },
  };
}
