import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { displayNameSql, listedSql } from "../profiles/listed-creator-fragments.ts";
import type { ScheduleRules } from "./schedule-free-time.ts";

type Db = Kysely<DB>;

// Reads and writes of the schedule tables (owned by availability, table-owners.ts). Dates and
// times come back as text (YYYY-MM-DD, HH:MM) so no driver turns a local time into an instant.

const LIVE = ["pending_payment", "pending", "confirmed"] as const;
const hhmm = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'HH24:MI')`;

export type ScheduleOwner = {
  id: string;
  user_id: string;
  time_zone: string;
  min_notice_minutes: number;
  buffer_minutes: number;
};

/** A creator's zone and settings (`listed`: only a published, approved one). */
export async function findScheduleOwner(db: Db, profileId: string, listed = false) {
  let query = db
    .selectFrom("photographer_profiles as p")
    .select([
      "p.id",
      "p.user_id",
      "p.time_zone",
      "p.min_notice_minutes",
      "p.buffer_minutes",
      displayNameSql.as("name"),
    ])
    .where("p.id", "=", profileId);
  if (listed) query = query.where(listedSql);
  return query.executeTakeFirst();
}

export function weeklyHoursOf(db: Db, profileId: string) {
  return db
    .selectFrom("availability_weekly_hours")
    .select(["id", "weekday", hhmm("start_local").as("start"), hhmm("end_local").as("end")])
    .where("profile_id", "=", profileId)
    .orderBy("weekday")
    .orderBy("start_local")
    .execute();
}

/** Overrides from `fromDate` on (all when omitted). */
export function overridesOf(db: Db, profileId: string, fromDate?: string, toDate?: string) {
  let query = db
    .selectFrom("availability_date_overrides")
    .select([
      "id",
      sql<string>`to_char(local_date, 'YYYY-MM-DD')`.as("date"),
      sql<string | null>`to_char(start_local, 'HH24:MI')`.as("start"),
      sql<string | null>`to_char(end_local, 'HH24:MI')`.as("end"),
    ])
    .where("profile_id", "=", profileId);
  if (fromDate) query = query.where("local_date", ">=", sql<Date>`${fromDate}::date`);
  if (toDate) query = query.where("local_date", "<=", sql<Date>`${toDate}::date`);
  return query.orderBy("local_date").orderBy("start_local").execute();
}

export function oneOffsOf(db: Db, userId: string, from?: Date) {
  let query = db
    .selectFrom("availability_slots")
    .select(["id", "start_time", "end_time"])
    .where("user_id", "=", userId)
    .where("is_recurring", "=", false);
  if (from) query = query.where("end_time", ">", from);
  return query.orderBy("start_time").execute();
}

/** Whether the creator has any rule at all (else the default hours apply). */
async function anyRule(db: Db, owner: ScheduleOwner): Promise<boolean> {
  const row = await sql<{ any: boolean }>`select
    exists (select 1 from availability_weekly_hours where profile_id = ${owner.id})
    or exists (select 1 from availability_date_overrides where profile_id = ${owner.id})
    or exists (select 1 from availability_slots where user_id = ${owner.user_id} and not is_recurring)
    as any`.execute(db);
  return row.rows[0]?.any ?? false;
}

/**
 * The rules the free-time module needs for local dates in [fromDate, toDate]: one-offs
 * overlapping [from, to), and whether the creator has any rule at all (also outside it).
 */
export async function loadRules(
  db: Db,
  owner: ScheduleOwner,
  window: { fromDate: string; toDate: string; from: Date; to: Date },
): Promise<ScheduleRules> {
  const [weekly, overrides, oneOffs, ruled] = await Promise.all([
    weeklyHoursOf(db, owner.id),
    overridesOf(db, owner.id, window.fromDate, window.toDate),
    db
      .selectFrom("availability_slots")
      .select(["start_time", "end_time"])
      .where("user_id", "=", owner.user_id)
      .where("is_recurring", "=", false)
      .where("start_time", "<", window.to)
      .where("end_time", ">", window.from)
      .execute(),
    anyRule(db, owner),
  ]);
  const rules: ScheduleRules = {
    weekly: weekly.map((w) => ({ weekday: w.weekday, start: w.start, end: w.end })),
    overrides: overrides.map((o) => ({ date: o.date, start: o.start, end: o.end })),
    oneOffs: oneOffs.map((o) => ({ start: new Date(o.start_time), end: new Date(o.end_time) })),
    minNoticeMinutes: owner.min_notice_minutes,
    bufferMinutes: owner.buffer_minutes,
    hasSchedule: ruled,
  };
  return rules;
}

/** The creator's live bookings overlapping [from, to). */
export function liveBookingsOf(db: Db, profileId: string, from: Date, to: Date) {
  return db
    .selectFrom("bookings")
    .select(["start_time", "end_time"])
    .where("creator_profile_id", "=", profileId)
    .where("status", "in", LIVE)
    .where("start_time", "<", to)
    .where("end_time", ">", from)
    .execute();
}

export function insertWeeklyHours(
  db: Db,
  rows: { profile_id: string; weekday: number; start_local: string; end_local: string }[],
) {
  return db.insertInto("availability_weekly_hours").values(rows).execute();
}

export function insertOverride(
  db: Db,
  row: { profile_id: string; date: string; start_local: string | null; end_local: string | null },
) {
  return db
    .insertInto("availability_date_overrides")
    .values({
      profile_id: row.profile_id,
      local_date: sql<Date>`${row.date}::date`,
      start_local: row.start_local,
      end_local: row.end_local,
    })
    .execute();
}

export function insertOneOff(db: Db, row: { user_id: string; start: Date; end: Date }) {
  return db
    .insertInto("availability_slots")
    .values({ user_id: row.user_id, start_time: row.start, end_time: row.end, is_recurring: false })
    .execute();
}

export async function deleteWeeklyHours(db: Db, profileId: string, id: string) {
  const r = await db
    .deleteFrom("availability_weekly_hours")
    .where("id", "=", id)
    .where("profile_id", "=", profileId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteOverride(db: Db, profileId: string, id: string) {
  const r = await db
    .deleteFrom("availability_date_overrides")
    .where("id", "=", id)
    .where("profile_id", "=", profileId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteOneOff(db: Db, userId: string, id: string) {
  const r = await db
    .deleteFrom("availability_slots")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("is_recurring", "=", false)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export type ScheduleVerdict = {
  verdict: "ok" | "outside_hours" | "notice" | "taken" | "busy" | "buffer";
  name: string;
  min_notice_minutes: number;
  buffer_minutes: number;
};

/**
 * booking_schedule_verdict (migration 123): takes the creator's schedule lock, then decides
 * whether [start, end) on local date `day` may be booked. Undefined: no such creator.
 */
export async function scheduleVerdict(
  db: Db,
  profileId: string,
  session: { date: string; start: Date; end: Date },
  now: Date,
): Promise<ScheduleVerdict | undefined> {
  const { rows } =
    await sql<ScheduleVerdict>`select verdict, name, min_notice_minutes, buffer_minutes
    from booking_schedule_verdict(${profileId}::uuid, ${session.date}::date,
      ${session.start}::timestamptz, ${session.end}::timestamptz, ${now}::timestamptz)`.execute(db);
  return rows[0];
}

/** Serializes schedule writes of one creator (overlap checks then inserts). */
export async function lockCreatorSchedule(db: Db, profileId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`schedule:${profileId}`}, 0))`.execute(
    db,
  );
}
