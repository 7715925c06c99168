import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

type Db = Kysely<DB>;

/** A creator's live state: the profile's flag and exact position, and their heartbeat row. */
export async function findLiveState(db: Db, profileId: string, lock = false) {
  let query = db
    .selectFrom("photographer_profiles as p")
    .leftJoin("creator_presence as cp", "cp.profile_id", "p.id")
    .select([
      "p.available_now",
      "p.available_until",
      "p.travel_lat",
      "p.travel_lng",
      "cp.online_since",
      "cp.last_seen_at",
      "cp.position_at",
    ])
    .where("p.id", "=", profileId);
  if (lock) query = query.forUpdate("p");
  return query.executeTakeFirst();
}

/** One heartbeat for `refreshHeartbeats`: a new position only matters if it must be stored. */
export type Heartbeat = {
  profileId: string;
  now: Date;
  position: { lat: number; lng: number } | undefined;
  /** A differing position is stored when the last was stored before this. */
  positionDueBefore: Date;
};

/**
 * Heartbeats with nothing but the time to store, in one statement and without locking any
 * profile: refreshes each online creator's heartbeat row unless its position must be written
 * (it differs from the stored one and the last was stored before `positionDueBefore`). Answers
 * the live state of each row it refreshed; one it did not (offline, no row yet, a position to
 * store) is for the locked path to decide. Safe beside the sweep and going offline: both delete
 * the row under its lock, so this either refreshes a row that stays or finds none.
 */
export async function refreshHeartbeats(db: Db, beats: readonly Heartbeat[]) {
  const column = <T>(pick: (beat: Heartbeat) => T) => beats.map(pick);
  const { rows } = await sql<{
    profile_id: string;
    available_now: boolean;
    available_until: Date | null;
    travel_lat: number | null;
    travel_lng: number | null;
    online_since: Date | null;
    last_seen_at: Date | null;
    position_at: Date | null;
  }>`
    update creator_presence cp set last_seen_at = v.seen_at
    from photographer_profiles p,
      unnest(${column((b) => b.profileId)}::uuid[], ${column((b) => b.now)}::timestamptz[],
        ${column((b) => b.position?.lat ?? null)}::float8[],
        ${column((b) => b.position?.lng ?? null)}::float8[],
        ${column((b) => b.positionDueBefore)}::timestamptz[]) as v(profile_id, seen_at, lat, lng, due_before)
    where cp.profile_id = v.profile_id and p.id = v.profile_id and p.available_now
      and (v.lat is null or (p.travel_lat = v.lat and p.travel_lng = v.lng)
        or cp.position_at > v.due_before)
    returning cp.profile_id, p.available_now, p.available_until, p.travel_lat, p.travel_lng,
      cp.online_since, cp.last_seen_at, cp.position_at`.execute(db);
  return new Map(rows.map((row) => [row.profile_id, row]));
}

/**
 * refreshHeartbeats in a transaction of its own whose commit does not wait for the WAL flush
 * (heartbeat-batch.ts says why that is safe).
 */
export function refreshHeartbeatsLazily(db: Db, beats: readonly Heartbeat[]) {
  return db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return refreshHeartbeats(trx, beats);
  });
}

/** Starts or refreshes a creator's heartbeat row (online_since is kept while it exists). */
export async function upsertPresence(
  db: Db,
  profileId: string,
  now: Date,
  positionWritten: boolean,
) {
  await db
    .insertInto("creator_presence")
    .values({
      profile_id: profileId,
      online_since: now,
      last_seen_at: now,
      position_at: positionWritten ? now : null,
    })
    .onConflict((oc) =>
      oc.column("profile_id").doUpdateSet({
        last_seen_at: now,
        ...(positionWritten ? { position_at: now } : {}),
      }),
    )
    .execute();
}

export async function deletePresence(db: Db, profileId: string) {
  await db.deleteFrom("creator_presence").where("profile_id", "=", profileId).execute();
}

/** Removes the heartbeat rows of `profileIds` last seen before `cutoff`; returns their profiles. */
export async function deleteStalePresence(
  db: Db,
  cutoff: Date,
  profileIds: readonly string[],
): Promise<string[]> {
  if (!profileIds.length) return [];
  const rows = await db
    .deleteFrom("creator_presence")
    .where("profile_id", "in", profileIds)
    .where("last_seen_at", "<", cutoff)
    .returning("profile_id")
    .execute();
  return rows.map((r) => r.profile_id);
}

/** Makes a heartbeat row no fresher than `seenAt` (the page went away; the sweep decides). */
export async function backdatePresence(db: Db, profileId: string, seenAt: Date) {
  await db
    .updateTable("creator_presence")
    .set({ last_seen_at: seenAt })
    .where("profile_id", "=", profileId)
    .where("last_seen_at", ">", seenAt)
    .execute();
}

/**
 * The sweep's creators, their profile rows locked (rows being written are skipped: alive):
 * `stale` are silent since `cutoff` and not staying available past `now`; `ended` chose a time
 * that has passed.
 */
export async function findSweepable(db: Db, cutoff: Date, now: Date) {
  const rows = await db
    .selectFrom("photographer_profiles as p")
    .innerJoin("creator_presence as cp", "cp.profile_id", "p.id")
    .select(["p.id", "p.available_until", "cp.last_seen_at"])
    .where((eb) =>
      eb.or([
        eb.and([
          eb("cp.last_seen_at", "<", cutoff),
          eb.or([eb("p.available_until", "is", null), eb("p.available_until", "<=", now)]),
        ]),
        eb("p.available_until", "<=", now),
      ]),
    )
    .forUpdate("p")
    .skipLocked()
    .execute();
  const endedUntil = (r: (typeof rows)[number]) =>
    r.available_until !== null && r.available_until <= now;
  return {
    stale: rows.filter((r) => r.last_seen_at < cutoff).map((r) => r.id),
    ended: rows.filter(endedUntil).map((r) => r.id),
  };
}
