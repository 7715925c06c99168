import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/free-port.ts";
import { type ServerProcess, startServerProcess, waitHealthy } from "../test/server-process.ts";
import { openDatabase } from "./database.ts";

// The embedded database's promises, proven on the real server process: one process per data
// directory, and no acknowledged write lost when the process is killed (kill -9) mid-stream.

const STARTUP_MS = 150_000;
const MAIL_EXPIRY_WAIT = { timeout: 150_000, interval: 500 };
const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-durability-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number): ServerProcess {
  const server = startServerProcess({ dataDir, port });
  children.push(server.child);
  return server;
}

let sequence = 0;
/** One sign-up (a real multi-row write). Distinct client addresses keep the rate limit out of it. */
async function signUp(server: ServerProcess, email: string): Promise<Response> {
  sequence += 1;
  return fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${sequence >> 16}.${(sequence >> 8) & 255}.${sequence & 255}`,
    },
    body: JSON.stringify({ email, password: "durable password 1", name: "Durable Writer" }),
  });
}

describe("embedded database durability", () => {
  it(
    "refuses a second server on the same data directory while the first keeps working",
    async () => {
      const first = startServer(await freePort());
      await waitHealthy(first, STARTUP_MS);
      const second = startServer(await freePort());
      const { code, output } = await second.exited;
      expect(code).not.toBe(0);
      expect(output).toContain(`is in use by process ${first.child.pid}`);
      expect(output).toContain("Stop that process first");
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect((await signUp(first, "still-working@example.test")).status).toBe(200);
      first.child.kill("SIGTERM");
      expect((await first.exited).code).toBe(0);
    },
    STARTUP_MS * 2,
  );

  it(
    "keeps every acknowledged write through kill -9, and the restart reclaims the stale lock",
    async () => {
      const port = await freePort();
      const server = startServer(port);
      await waitHealthy(server, STARTUP_MS);
      const acknowledged: string[] = [];
      let killed = false;
      let failure: Error | undefined;
      const writer = async (lane: number) => {
        for (let n = 0; !killed; n++) {
          const email = `durable-${lane}-${n}@example.test`;
          try {
            const response = await signUp(server, email);
            if (response.status === 200) acknowledged.push(email);
            else if (!killed) failure = new Error(`sign-up answered ${response.status}`);
          } catch {
            // A request cut off by the kill was never acknowledged: it may or may not be there.
          }
          if (failure) return;
        }
      };
      const lanes = [0, 1, 2, 3].map(writer);
      while (acknowledged.length < 12 && !failure) await new Promise((r) => setTimeout(r, 20));
      killed = true;
      server.child.kill("SIGKILL");
      await Promise.all(lanes);
      await server.exited;
      expect(failure).toBeUndefined();

      const restarted = startServer(port);
      await waitHealthy(restarted, STARTUP_MS);
      // Each acknowledged sign-up queued its verification mail; the restarted queue delivers it
      // (a mail the killed process was sending waits out its job's expiry first).
      for (const email of acknowledged) {
        await expect
          .poll(async () => {
            const outbox = await fetch(
              `${restarted.url}/api/dev/outbox?to=${encodeURIComponent(email)}`,
            );
            return ((await outbox.json()) as { items: unknown[] }).items.length;
          }, MAIL_EXPIRY_WAIT)
          .toBeGreaterThan(0);
      }
      restarted.child.kill("SIGTERM");
      expect((await restarted.exited).code).toBe(0);

      const database = await openDatabase({
        kind: "pglite",
        dataDir: path.join(dataDir, "pglite"),
      });
      try {
        const rows = await database.db
          .selectFrom("user")
          .select("email")
          .where("email", "in", acknowledged)
          .execute();
        expect(rows.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
        // Each sign-up wrote more than one row: its verification mail is there too.
        const mails = await database.db
          .selectFrom("mail_outbox")
          .select("to_address")
          .where("to_address", "in", acknowledged)
          .execute();
        expect(new Set(mails.map((m) => m.to_address))).toEqual(new Set(acknowledged));
      } finally {
        await database.close();
      }
    },
    STARTUP_MS * 3,
  );
});
