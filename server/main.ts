import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { MigrationChangedError, migrate } from "./db/migrate.ts";
import { openConfiguredDatabase } from "./db/open-from-config.ts";
import { seedDemoIfEmpty } from "./db/seed/seed-demo.ts";
import { startJobs } from "./job-handlers.ts";
import { openControlChannel } from "./platform/control-channel.ts";
import { createDeps } from "./platform/deps.ts";
import { createLogger } from "./platform/logger.ts";
import { type Closer, shutDown } from "./platform/shutdown.ts";
import { createWorkerApp } from "./worker-app.ts";

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel, config.env !== "production" && process.stdout.isTTY);
  const database = await openConfiguredDatabase(config);
  const applied = await migrate(database.pool);
  if (applied.length) log.info({ applied }, "migrations applied");

  const deps = createDeps({ config, database, log });
  await seedDemoIfEmpty(deps);
  // PROCESS_ROLE (docs/deploy.md): a web process sends jobs but runs none; a worker runs them
  // and answers only its health on its port.
  const runsJobs = config.role !== "web";
  await startJobs(deps, { work: runsJobs });
  const app = config.role === "worker" ? createWorkerApp(deps) : createApp(deps);
  let closeControl = () => {};
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    // admin:create reaches the embedded database through the running app (see platform/control-channel.ts).
    if (database.kind === "pglite") closeControl = openControlChannel(config, info.port);
    log.info(
      { port: info.port, database: database.kind, role: config.role },
      `ShutterHail listening on http://localhost:${info.port}`,
    );
  });

  // Background workers stop after requests drain, each finishing its current job.
  const workers: Closer[] = [{ name: "jobs", close: () => deps.jobs.stop() }];
  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal (a process group and its supervisor both signalling) changes nothing:
    // the drain is bounded anyway.
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const clean = await shutDown({
      server: server as Server,
      readiness: deps.readiness,
      notReadyDelayMs: config.shutdownDelayMs,
      openStreams: deps.openStreams,
      listeners: [{ name: "control channel", close: () => closeControl() }],
      workers,
      resources: [
        { name: "realtime", close: () => deps.realtime.close() },
        { name: "database", close: () => database.close() },
      ],
      log,
    });
    log.info("shut down");
    process.exit(clean ? 0 : 1);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof MigrationChangedError
  ) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
});
