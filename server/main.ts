import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { migrate } from "./db/migrate.ts";
import { openConfiguredDatabase } from "./db/open-from-config.ts";
import { seedDemoIfEmpty } from "./db/seed/seed-demo.ts";
import { openControlChannel } from "./features/accounts/control.ts";
import { startJobs } from "./job-handlers.ts";
import { createDeps } from "./platform/deps.ts";
import { createLogger } from "./platform/logger.ts";

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel, config.env !== "production" && process.stdout.isTTY);
  const database = await openConfiguredDatabase(config);
  const applied = await migrate(database.pool);
  if (applied.length) log.info({ applied }, "migrations applied");

  const deps = createDeps({ config, database, log });
  await seedDemoIfEmpty(deps);
  await startJobs(deps);
  const app = createApp(deps);
  let closeControl = () => {};
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    // admin:create reaches the embedded database through the running app (see control.ts).
    if (database.kind === "pglite") closeControl = openControlChannel(config, info.port);
    log.info(
      { port: info.port, database: database.kind },
      `ShutterHail listening on http://localhost:${info.port}`,
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    server.close();
    closeControl();
    await deps.jobs.stop();
    await deps.realtime.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
});
