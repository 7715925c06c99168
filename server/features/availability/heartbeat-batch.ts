import type { Database } from "../../db/database.ts";
import { type Heartbeat, refreshHeartbeats } from "./queries.ts";

// Heartbeats arriving while one refresh statement runs wait and go together in the next: at
// 167 heartbeats a second one statement carries many (and one commit), while a lone heartbeat
// goes at once (issue 24, docs/decisions/022). Each process batches its own.

type Refreshed =
  Awaited<ReturnType<typeof refreshHeartbeats>> extends Map<string, infer R> ? R : never;
type Waiting = {
  beat: Heartbeat;
  settle: (row: Refreshed | undefined) => void;
  fail: (e: unknown) => void;
};

const batchers = new WeakMap<Database, (beat: Heartbeat) => Promise<Refreshed | undefined>>();

/** Refreshes the heartbeat row in the next batch; the live state, or undefined as refreshHeartbeats says. */
export function refreshInBatch(
  database: Database,
  beat: Heartbeat,
): Promise<Refreshed | undefined> {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = createBatcher(database);
    batchers.set(database, batcher);
  }
  return batcher(beat);
}

function createBatcher(database: Database) {
  let waiting: Waiting[] = [];
  let running = false;

  async function flush() {
    running = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      // The same creator twice in a batch (two tabs): the latest heartbeat counts for both.
      const latest = new Map<string, Heartbeat>();
      for (const { beat } of batch) latest.set(beat.profileId, beat);
      try {
        const rows = await refreshHeartbeats(database.db, [...latest.values()]);
        for (const { beat, settle } of batch) settle(rows.get(beat.profileId));
      } catch (error) {
        for (const { fail } of batch) fail(error);
      }
    }
    running = false;
  }

  return (beat: Heartbeat) =>
    new Promise<Refreshed | undefined>((settle, fail) => {
      waiting.push({ beat, settle, fail });
      if (!running) void flush();
    });
}
