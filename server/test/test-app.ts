import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { startJobs } from "../job-handlers.ts";
import { type AppDeps, createDeps } from "../platform/deps.ts";
import { createLogger } from "../platform/logger.ts";
import { createTestDatabase } from "./test-database.ts";

export type TestApp = {
  url: string;
  deps: AppDeps;
  database: Database;
  /** fetch against the running app: a real HTTP request. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

/** Starts the real app on a random loopback port over a fresh test database. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    now?: () => Date;
    /** Settings no environment variable gives (e.g. the fake PayPal's trusted root). */
    configure?: (config: Config) => Config;
    /** Another app's database: a second process on the same data (its owner closes it). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // Each test app keeps its uploads in its own scratch folder, removed on close.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-test-"));
  // Listen first: the app's origin (auth, mail links) must carry the port it was given.
  let app: ReturnType<typeof createApp> | undefined;
  let deps: AppDeps | undefined;
  const server = serve({
    fetch: (request, env) => app!.fetch(request, env),
    port: 0,
    hostname: "127.0.0.1",
  });
  // Whatever happened, the test database is dropped: a refused config (or a failing close)
  // must not leave a database behind on the PostgreSQL server.
  const close = async () => {
    try {
      // Open event streams would hold close() forever.
      (server as import("node:http").Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps?.jobs.stop();
      await deps?.realtime.close();
    } finally {
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    if (!server.listening) {
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    }
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    const loaded = loadConfig({
      NODE_ENV: "test",
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      // Each heartbeat written at once (a test that wants them batched says so).
      HEARTBEAT_FLUSH_MS: "0",
      ...env,
    });
    const config = options.configure ? options.configure(loaded) : loaded;
    deps = createDeps({ config, database, log: createLogger(config.logLevel), now: options.now });
    await startJobs(deps);
    app = createApp(deps);
    return {
      url,
      deps,
      database,
      fetch: (path, init) => fetch(`${url}${path}`, init),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
