import path from "node:path";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { type Auth, createAuth } from "./auth.ts";
import { createJobs, type Jobs } from "./jobs.ts";
import type { Logger } from "./logger.ts";
import { createMailer, type Mailer } from "./mail.ts";
import { createOpenStreams, type OpenStreams } from "./open-streams.ts";
import { createReadiness, type Readiness } from "./readiness.ts";
import { createRealtime, type Realtime } from "./realtime.ts";
import { createS3Storage } from "./s3-storage.ts";
import { createSessionCache, type SessionCache } from "./session-cache.ts";
import { createDiskStorage, type Storage } from "./storage.ts";

/** What every feature may use, built once in main.ts (or per test) and handed to the app. */
export type AppDeps = {
  config: Config;
  database: Database;
  log: Logger;
  jobs: Jobs;
  mailer: Mailer;
  auth: Auth;
  realtime: Realtime;
  /** Signed-in sessions remembered between requests (session-cache.ts). */
  sessionCache: SessionCache;
  /** Open event streams, ended by graceful shutdown. */
  openStreams: OpenStreams;
  /** Turned off when shutdown begins: /api/ready then answers 503. */
  readiness: Readiness;
  storage: Storage;
  /** The current time for business rules (holds, deadlines); tests move it. */
  now: () => Date;
  startedAt: number;
};

/**
 * The narrowest deps a service may ask for: services that only query take this, so the
 * admin:create command and tests can call them with just a database.
 */
export type DatabaseDeps = Pick<AppDeps, "database">;

export function createDeps({
  config,
  database,
  log,
  now = () => new Date(),
}: Pick<AppDeps, "config" | "database" | "log"> & { now?: () => Date }): AppDeps {
  // config.ts refuses this already; a hand-made config must not reach the sandbox either.
  if (config.env === "production" && !config.paypal) {
    throw new Error("production runs only with PayPal configured, never on the built-in sandbox");
  }
  if (config.env === "production" && config.calendarFetchTest) {
    throw new Error("the calendar fetcher's test switches are refused in production");
  }
  const jobs = createJobs({ database, log, now });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    database,
    jobs,
    log,
  });
  // The cache needs the auth it fronts; auth tells the cache what it changed.
  let sessionCache: SessionCache | undefined;
  const auth = createAuth({
    config,
    database,
    mailer,
    log,
    onAccountChanged: (userId) => sessionCache?.forgetUser(userId),
  });
  const realtime = createRealtime(database, log);
  sessionCache = createSessionCache({
    auth,
    realtime,
    log,
    ttlSeconds: config.sessionCacheSeconds,
  });
  const storage = config.s3
    ? createS3Storage(config.s3)
    : createDiskStorage(path.join(config.dataDir, "uploads"));
  return {
    config,
    database,
    log,
    jobs,
    mailer,
    auth,
    realtime,
    sessionCache,
    openStreams: createOpenStreams(),
    readiness: createReadiness(),
    storage,
    now,
    startedAt: Date.now(),
  };
}
