import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../platform/project-root.ts";
import { acquireDataDirLock, DataDirInUseError } from "./data-dir-lock.ts";

const CONTENDERS = 8;
const ROUNDS = 25;

const root = mkdtempSync(path.join(os.tmpdir(), "shutterhail-lock-"));
/** A process id that belonged to a process which has exited: what kill -9 leaves in the lock. */
const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;

type Answer = { acquired: boolean; holder?: number; error?: string };
type Contender = { child: ChildProcess; next(): Promise<Answer> };

function startContender(): Contender {
  const child = spawn(process.execPath, ["--import", "tsx", "server/test/lock-contender.ts"], {
    cwd: PROJECT_ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    next: async () => JSON.parse((await lines.next()).value as string) as Answer,
  };
}

let contenders: Contender[] = [];
beforeAll(async () => {
  contenders = Array.from({ length: CONTENDERS }, startContender);
  // A warm-up round each (its own directory): every contender has loaded its code.
  await Promise.all(
    contenders.map((c, i) => {
      c.child.stdin!.write(
        `${JSON.stringify({ dataDir: path.join(root, `warm-${i}`), startAt: 0 })}\n`,
      );
      return c.next();
    }),
  );
}, 120_000);
afterAll(() => {
  for (const { child } of contenders) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

describe("data-directory lock", () => {
  it("is held by one process at a time", () => {
    const dataDir = path.join(root, "single");
    const release = acquireDataDirLock(dataDir);
    // Another holder in this process counts as stale; a live other process does not.
    writeFileSync(path.join(dataDir, "server.pid"), String(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    release();
    expect(readFileSync(path.join(dataDir, "server.pid"), "utf8")).toBe(String(process.ppid));
  });

  it("lets exactly one of many processes take over a stale lock at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dataDir = path.join(root, `round-${round}`);
      mkdirSync(dataDir);
      writeFileSync(path.join(dataDir, "server.pid"), String(deadPid));
      const startAt = Date.now() + 150;
      const answers = await Promise.all(
        contenders.map((c) => {
          c.child.stdin!.write(`${JSON.stringify({ dataDir, startAt })}\n`);
          return c.next();
        }),
      );
      const winners = contenders.filter((_, i) => answers[i]!.acquired);
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      const winner = winners[0]!.child.pid;
      for (const answer of answers.filter((a) => !a.acquired)) {
        expect({ round, answer }).toEqual({ round, answer: { acquired: false, holder: winner } });
      }
    }
  }, 180_000);
});
