import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { DB } from "../db/schema.ts";
import type { RealtimeEvent, Viewer } from "./realtime.ts";

const eventColumns = ["id", "topic", "payload", "audience", "user_id as userId"] as const;

/**
 * Records events in one statement and one NOTIFY (migration 122), in the given order; answers
 * their ids in that order (drawn ascending in the events' order).
 */
export async function insertEvents(
  executor: Kysely<DB>,
  events: { topic: string; payload: unknown; audience: string; userId: string | null }[],
): Promise<number[]> {
  const result = await sql<{ id: number }>`
    select id from publish_realtime_events(${JSON.stringify(events)}::jsonb) as id`.execute(
    executor,
  );
  return result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * Ends the open transaction on `conn`: its events written and the commit in ONE round trip
 * (a simple query of two statements, the events inlined as a literal), the commit not waiting
 * for its WAL flush — so the events' ordering lock, taken by the first, is held only while
 * PostgreSQL runs the two, never while this process is busy elsewhere before it sends a
 * separate COMMIT. The caller must `flushCommits` before it answers anyone (realtime.ts).
 */
export async function commitWithEvents(
  conn: Kysely<DB>,
  events: { topic: string; payload: unknown; audience: string; userId: string | null }[],
): Promise<void> {
  const json = pg.escapeLiteral(JSON.stringify(events));
  await sql
    .raw(`select id from publish_realtime_events(${json}::jsonb) as id,
      set_config('synchronous_commit', 'off', true); commit`)
    .execute(conn);
}

/** Control statements of a transaction run on one connection (`commitWithEvents` ends it). */
export const beginTransaction = (conn: Kysely<DB>) => sql`begin`.execute(conn);
export const commitTransaction = (conn: Kysely<DB>) => sql`commit`.execute(conn);
export const rollbackTransaction = (conn: Kysely<DB>) => sql`rollback`.execute(conn);

/**
 * Waits until every commit made so far is on disk: a transaction with an id commits
 * synchronously, and its flush covers all the write-ahead log before it (concurrent callers
 * share one flush).
 */
export async function flushCommits(db: Kysely<DB>): Promise<void> {
  await sql`select pg_current_xact_id()`.execute(db);
}

export async function notify(db: Kysely<DB>, channel: string, payload: string) {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** Events after `lastId`, in id order, at most `limit`. */
export function eventsAfter(db: Kysely<DB>, lastId: number, limit: number) {
  return db
    .selectFrom("realtime_events")
    .select(eventColumns)
    .where("id", ">", lastId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The newest event id and the newest pruned one (0 when none). */
export async function eventPosition(db: Kysely<DB>) {
  const row = await db
    .selectFrom("realtime_events_pruned")
    .select((eb) => [
      "through_id as prunedThrough",
      eb
        .selectFrom("realtime_events")
        .select((e) => e.fn.max("id").as("head"))
        .as("head"),
    ])
    .executeTakeFirstOrThrow();
  return { head: Math.max(row.head ?? 0, row.prunedThrough), prunedThrough: row.prunedThrough };
}

/** Events with `after < id <= through` the viewer may receive, in id order, at most `limit`. */
export function eventsBetween(
  db: Kysely<DB>,
  range: { after: number; through: number; viewer: Viewer; limit: number },
): Promise<RealtimeEvent[]> {
  const { viewer } = range;
  return db
    .selectFrom("realtime_events")
    .select(eventColumns)
    .where("id", ">", range.after)
    .where("id", "<=", range.through)
    .where((eb) =>
      eb.or([
        eb("audience", "=", "public"),
        ...(viewer.staff ? [eb("audience", "=", "staff")] : []),
        ...(viewer.userId
          ? [eb.and([eb("audience", "=", "user"), eb("user_id", "=", viewer.userId)])]
          : []),
      ]),
    )
    .orderBy("id")
    .limit(range.limit)
    .execute();
}

/** Deletes events created before `olderThan` and records the newest pruned id; answers how many. */
export async function pruneEventsBefore(trx: Kysely<DB>, olderThan: Date): Promise<number> {
  const newest = await trx
    .selectFrom("realtime_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("created_at", "<", olderThan)
    .executeTakeFirst();
  if (!newest?.id) return 0;
  const deleted = await trx
    .deleteFrom("realtime_events")
    .where("id", "<=", newest.id)
    .executeTakeFirst();
  await trx
    .updateTable("realtime_events_pruned")
    .set((eb) => ({ through_id: eb.fn("greatest", ["through_id", eb.val(newest.id)]) }))
    .execute();
  return Number(deleted.numDeletedRows);
}
