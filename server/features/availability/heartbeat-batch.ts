import type { Database } from "../../db/database.ts";
import { type Heartbeat, refreshHeartbeatsLazily } from "./queries.ts";

// Heartbeats are written together: at most one refresh statement per `windowMs` per process,
// so at 167 heartbeats a second across two processes each statement carries dozens and there
// are a couple of commits a second instead of one per heartbeat, each a WAL flush competing
// with everything else (issue 24, docs/decisions/022). A heartbeat after a quiet window goes at
// once. The commit does not wait for its WAL flush: a crash may lose the last fraction of a
// second of heartbeats, which only makes those creators look silent sooner (the sweep turns
// them offline unless they beat again); nothing else is written in that transaction.

type Refreshed =
  Awaited<ReturnType<typeof refreshHeartbeatsLazily>> extends Map<string, infer R> ? R : never;
type Waiting = {
  beat: Heartbeat;
  settle: (row: Refreshed | undefined) => void;
  fail: (e: unknown) => void;
};
type Batcher = {
  refresh(beat: Heartbeat): Promise<Refreshed | undefined>;
  /** Resolves once no heartbeat of the creator is waiting or being written in this process. */
  written(profileId: string): Promise<void>;
};

const batchers = new WeakMap<Database, Batcher>();

function batcherOf(database: Database, windowMs: number) {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = createBatcher(database, windowMs);
    batchers.set(database, batcher);
  }
  return batcher;
}

/** Refreshes the heartbeat row in the next batch; the live state, or undefined as refreshHeartbeats says. */
export function refreshInBatch(
  database: Database,
  beat: Heartbeat,
  windowMs: number,
): Promise<Refreshed | undefined> {
  return batcherOf(database, windowMs).refresh(beat);
}

/** Waits for this process's pending heartbeats of `profileId` (a page-left must land after them). */
export function heartbeatsWritten(database: Database, profileId: string): Promise<void> {
  return batchers.get(database)?.written(profileId) ?? Promise.resolve();
}

function createBatcher(database: Database, windowMs: number): Batcher {
  let waiting: Waiting[] = [];
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let lastStarted = Number.NEGATIVE_INFINITY;
  const pending = new Map<string, Promise<unknown>>();

  async function flush() {
    timer = undefined;
    running = true;
    lastStarted = performance.now();
    const batch = waiting;
    waiting = [];
    // The same creator twice in a batch (two tabs): the latest heartbeat counts for both.
    const latest = new Map<string, Heartbeat>();
    for (const { beat } of batch) latest.set(beat.profileId, beat);
    try {
      const rows = await refreshHeartbeatsLazily(database.db, [...latest.values()]);
      for (const { beat, settle } of batch) settle(rows.get(beat.profileId));
    } catch (error) {
      for (const { fail } of batch) fail(error);
    }
    running = false;
    schedule();
  }

  function schedule() {
    if (running || timer || !waiting.length) return;
    const wait = lastStarted + windowMs - performance.now();
    if (wait <= 0) void flush();
    else timer = setTimeout(() => void flush(), wait);
  }

  return {
    refresh(beat) {
      const answer = new Promise<Refreshed | undefined>((settle, fail) => {
        waiting.push({ beat, settle, fail });
        schedule();
      });
      const done = answer.then(
        () => {},
        () => {},
      );
      pending.set(beat.profileId, done);
      void done.then(() => {
        if (pending.get(beat.profileId) === done) pending.delete(beat.profileId);
      });
      return answer;
    },
    async written(profileId) {
      await pending.get(profileId);
    },
  };
}
