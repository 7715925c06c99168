import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

type Db = Kysely<DB>;

/** A creator's live state: the profile's flag and exact position, and their heartbeat row. */
export async function findLiveState(db: Db, profileId: string, lock = false) {
  let query = db
    .selectFrom("photographer_profiles as p")
    .leftJoin("creator_presence as cp", "cp.profile_id", "p.id")
    .select([
      "p.available_now",
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

/**
 * A heartbeat with nothing but the time to store, in one statement and without locking the
 * profile: refreshes an online creator's heartbeat row unless `position` must be written (it
 * differs from the stored one and the last was stored before `positionDueBefore`). Answers the
 * live state, or undefined when it wrote nothing (offline, no row yet, or a position to store):
 * the locked path decides then. Safe beside the sweep and going offline: both delete the row
 * under its lock, so this either refreshes a row that stays or finds none.
 */
export async function refreshHeartbeat(
  db: Db,
  profileId: string,
  now: Date,
  position: { lat: number; lng: number } | undefined,
  positionDueBefore: Date,
) {
  return db
    .updateTable("creator_presence as cp")
    .from("photographer_profiles as p")
    .set({ last_seen_at: now })
    .whereRef("p.id", "=", "cp.profile_id")
    .where("cp.profile_id", "=", profileId)
    .where("p.available_now", "=", true)
    .where((eb) =>
      position === undefined
        ? eb.lit(true)
        : eb.or([
            eb.and([eb("p.travel_lat", "=", position.lat), eb("p.travel_lng", "=", position.lng)]),
            eb("cp.position_at", ">", positionDueBefore),
          ]),
    )
    .returning([
      "p.available_now",
      "p.travel_lat",
      "p.travel_lng",
      "cp.online_since",
      "cp.last_seen_at",
      "cp.position_at",
    ])
    .executeTakeFirst();
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
