import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

type Db = Kysely<DB>;

// A creator's external calendars and the busy times synced from them (owned by availability,
// table-owners.ts). The address (`url`) is read only to fetch it.

const LISTED = [
  "id",
  "label",
  "created_at",
  "last_attempt_at",
  "last_synced_at",
  "last_error",
  "busy_count",
] as const;

export function calendarsOf(db: Db, profileId: string) {
  return db
    .selectFrom("external_calendars")
    .select(LISTED)
    .where("profile_id", "=", profileId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function countCalendars(db: Db, profileId: string) {
  const row = await db
    .selectFrom("external_calendars")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("profile_id", "=", profileId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds the address once: the same address again returns the calendar already there. */
export async function insertCalendar(
  db: Db,
  row: { profile_id: string; url: string; label: string },
) {
  const inserted = await db
    .insertInto("external_calendars")
    .values(row)
    .onConflict((oc) => oc.columns(["profile_id", "url"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? { id: inserted.id, created: true } : undefined;
}

export async function deleteCalendar(db: Db, profileId: string, id: string) {
  const r = await db
    .deleteFrom("external_calendars")
    .where("id", "=", id)
    .where("profile_id", "=", profileId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The calendar to sync, locked (a removal waits; two syncs of one calendar take turns). */
export function lockCalendarForSync(db: Db, id: string) {
  return db
    .selectFrom("external_calendars as c")
    .innerJoin("photographer_profiles as p", "p.id", "c.profile_id")
    .select(["c.id", "c.profile_id", "c.url", "p.time_zone"])
    .where("c.id", "=", id)
    .forUpdate("c")
    .executeTakeFirst();
}

/** The calendar to fetch, read without a lock (the fetch runs outside any transaction). */
export function calendarToFetch(db: Db, id: string) {
  return db
    .selectFrom("external_calendars as c")
    .innerJoin("photographer_profiles as p", "p.id", "c.profile_id")
    .select(["c.id", "c.profile_id", "c.url", "p.time_zone"])
    .where("c.id", "=", id)
    .executeTakeFirst();
}

export async function replaceBusyTimes(
  db: Db,
  calendar: { id: string; profile_id: string },
  spans: { start: Date; end: Date }[],
  now: Date,
  /** The calendar's own name with its server, once the calendar says it. */
  label?: string,
) {
  await db.deleteFrom("external_busy_times").where("calendar_id", "=", calendar.id).execute();
  if (spans.length) {
    await db
      .insertInto("external_busy_times")
      .values(
        spans.map((s) => ({
          calendar_id: calendar.id,
          profile_id: calendar.profile_id,
          start_time: s.start,
          end_time: s.end,
        })),
      )
      .execute();
  }
  await db
    .updateTable("external_calendars")
    .set({
      last_attempt_at: now,
      last_synced_at: now,
      last_error: null,
      busy_count: spans.length,
      ...(label ? { label } : {}),
    })
    .where("id", "=", calendar.id)
    .execute();
}

/** A failed fetch keeps the busy times of the last good one and says why. */
export function recordSyncError(db: Db, id: string, error: string, now: Date) {
  return db
    .updateTable("external_calendars")
    .set({ last_attempt_at: now, last_error: error })
    .where("id", "=", id)
    .execute();
}

/** Calendars not fetched since `before` (never fetched first). */
export async function calendarsDue(db: Db, before: Date, limit: number) {
  const rows = await db
    .selectFrom("external_calendars")
    .select("id")
    .where((e) => e.or([e("last_attempt_at", "is", null), e("last_attempt_at", "<", before)]))
    .orderBy("last_attempt_at", (o) => o.nullsFirst())
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The creator's external busy times overlapping [from, to). */
export function externalBusyOf(db: Db, profileId: string, from: Date, to: Date) {
  return db
    .selectFrom("external_busy_times")
    .select(["start_time", "end_time"])
    .where("profile_id", "=", profileId)
    .where("start_time", "<", to)
    .where("end_time", ">", from)
    .execute();
}
