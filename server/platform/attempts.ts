import { type Kysely, sql } from "kysely";
import { compiledOnce, onlyRow } from "../db/compiled-once.ts";
import type { DB } from "../db/schema.ts";

// Request counters in fixed windows (auth_attempts, migration 010), shared by every server
// process: the auth handler's per-address limits and the rate-limit middleware both count here.

/** The longest window any counter uses; older rows are pruned. */
export const LONGEST_ATTEMPT_WINDOW_SECONDS = 60 * 60;

export type AttemptCount = { count: number; windowStartedAt: Date };

/**
 * Counts one attempt under `key` in a fixed window, atomically (one statement), so
 * concurrent requests in several processes never lose a count.
 */
const countAttemptQuery = compiledOnce((db: Kysely<DB>, key: string, windowSeconds: number) => {
  const expired = sql<boolean>`auth_attempts.window_started_at <= now() - make_interval(secs => ${windowSeconds})`;
  return db
    .insertInto("auth_attempts")
    .values({ key, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when ${expired} then 1 else auth_attempts.count + 1 end`,
        window_started_at: sql`case when ${expired} then now() else auth_attempts.window_started_at end`,
      }),
    )
    .returning(["count", "window_started_at"]);
});

export async function countAttempt(
  db: Kysely<DB>,
  key: string,
  windowSeconds: number,
): Promise<AttemptCount> {
  const row = onlyRow(await countAttemptQuery(db, key, windowSeconds), "countAttempt");
  return { count: row.count, windowStartedAt: new Date(row.window_started_at) };
}

/** Seconds until a counter's window closes (at least 1): the caller's Retry-After. */
export function secondsUntilWindowCloses(count: AttemptCount, windowSeconds: number): number {
  const closesAt = count.windowStartedAt.getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((closesAt - Date.now()) / 1000));
}

export async function clearAttempts(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom("auth_attempts").where("key", "=", key).execute();
}

export async function deleteAttemptsOlderThan(db: Kysely<DB>, seconds: number): Promise<void> {
  await db
    .deleteFrom("auth_attempts")
    .where("window_started_at", "<", sql<Date>`now() - make_interval(secs => ${seconds})`)
    .execute();
}

/** Now and then (1 call in 50) deletes counters whose window has long closed. */
export function pruneAttemptsSometimes(db: Kysely<DB>, onError: (error: unknown) => void): void {
  if (Math.random() < 0.02) {
    void deleteAttemptsOlderThan(db, LONGEST_ATTEMPT_WINDOW_SECONDS).catch(onError);
  }
}
