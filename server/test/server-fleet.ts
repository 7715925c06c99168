import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { Database } from "../db/database.ts";
import { freePort } from "./free-port.ts";
import { startServerProcess, waitHealthy } from "./server-process.ts";

/** How long a server process may take to start on a busy machine. */
export const SERVER_STARTUP_MS = 120_000;

/**
 * Real server processes on one PostgreSQL database for a test file, each with its own data
 * directory; every process is killed, and then the `also` cleanups run, after the file's tests.
 * Each request may come from its own address (TRUST_PROXY), so per-address limits stay out of it.
 */
export function serverFleet() {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    while (cleanups.length) await cleanups.pop()!();
  });
  return {
    /** Runs after the processes are stopped (e.g. closing the database). */
    also(cleanup: () => Promise<void> | void) {
      cleanups.push(cleanup);
    },
    /** Starts one process on the database and answers its URL once it is healthy. */
    async start(database: Database): Promise<string> {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-fleet-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = startServerProcess({
        dataDir,
        port: await freePort(),
        databaseUrl: database.url!,
        env: { TRUST_PROXY: "true" },
      });
      children.push(server.child);
      await waitHealthy(server, SERVER_STARTUP_MS);
      return server.url;
    },
  };
}
