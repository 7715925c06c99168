import { createHash, randomUUID } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite corrupts a data directory opened by two processes, so one process holds it at a time.
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        "Stop that process first (or set DATABASE_URL to use a PostgreSQL server).",
    );
  }
}

class LockHeldError extends Error {
  constructor(readonly pid: number) {
    super(`held by process ${pid}`);
  }
}

const ATTEMPTS = 200;
const RETRY_MS = 5;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readIfPresent(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Creates `lockPath` holding this process's id and a nonce, or throws LockHeldError when a live
 * process holds it. Returns the release, which removes the file only while it is still ours.
 *
 * - The file appears whole: it is written under a private name and hard-linked into place
 *   (link fails if the name exists), so nobody ever reads a half-written, "stale-looking" lock.
 * - A stale lock (its process is gone) is removed only by the one process holding the takeover
 *   claim named after that lock's exact contents, and only after re-reading that the lock still
 *   has those contents. Without the claim, two processes could both see the stale lock, and the
 *   slower one would delete the lock the faster one had just created: both would hold it.
 *   The claim is itself a lock taken this way, so a process killed mid-takeover leaves a stale
 *   claim the next one takes over.
 */
function acquireLockFile(lockPath: string): () => void {
  const mine = `${process.pid}\n${randomUUID()}\n`;
  const draft = `${lockPath}.${process.pid}.${randomUUID()}.draft`;
  writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        linkSync(draft, lockPath);
        return () => {
          if (readIfPresent(lockPath) === mine) rmSync(lockPath, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const seen = readIfPresent(lockPath);
      if (seen === null) continue;
      const holder = Number.parseInt(seen, 10);
      // Our own id in the lock is a previous run's (a container's server is often pid 1).
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new LockHeldError(holder);
      }
      const digest = createHash("sha256").update(seen).digest("hex").slice(0, 16);
      let releaseClaim: () => void;
      try {
        releaseClaim = acquireLockFile(`${lockPath}.takeover-${digest}`);
      } catch (error) {
        if (!(error instanceof LockHeldError)) throw error;
        sleepSync(RETRY_MS); // another process is taking this stale lock over right now
        continue;
      }
      try {
        if (readIfPresent(lockPath) === seen) rmSync(lockPath, { force: true });
      } finally {
        releaseClaim();
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  throw new Error(`Could not lock ${lockPath}`);
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  try {
    return acquireLockFile(path.join(dataDir, "server.pid"));
  } catch (error) {
    if (error instanceof LockHeldError) throw new DataDirInUseError(dataDir, error.pid);
    throw error;
  }
}
