import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
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
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // Listen first: the app's origin (auth, mail links) must carry the port it was given.
  let app: ReturnType<typeof createApp> | undefined;
  const server = serve({
    fetch: (request, env) => app!.fetch(request, env),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_ORIGIN: url,
    LOG_LEVEL: "silent",
    DATA_DIR: ".test-data/unused",
    ...env,
  });
  const deps = createDeps({ config, database, log: createLogger(config.logLevel) });
  app = createApp(deps);
  return {
    url,
    deps,
    database,
    fetch: (path, init) => fetch(`${url}${path}`, init),
    async close() {
      // Open event streams would hold close() forever.
      (server as import("node:http").Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.realtime.close();
      await database.close();
    },
  };
}
