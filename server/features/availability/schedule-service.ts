import type { Kysely } from "kysely";
import { bookingStartTimes } from "../../../contracts/booking-pricing.ts";
import { SLOT_TAKEN_MESSAGE } from "../../../contracts/bookings.ts";
import { SCHEDULE } from "../../../contracts/constants.ts";
import {
  type DateOverrideRequest,
  minutesOf,
  type NextStart,
  SCHEDULE_MESSAGES,
  type Schedule,
  type ScheduleSettings,
} from "../../../contracts/schedule.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { localDate, zonedInstant } from "../../platform/time.ts";
import { updateScheduleSettings } from "../profiles/schedule-settings.ts";
import { externalBusyOf } from "./calendar-queries.ts";
import {
  daySpan,
  fits,
  freeTime,
  type Interval,
  localInstant,
  mergeIntervals,
  nextDate,
  scheduleIntervals,
} from "./schedule-free-time.ts";
import * as q from "./schedule-queries.ts";

type Db = Kysely<DB>;
type Deps = Pick<AppDeps, "database" | "now">;

// ── The creator's own schedule ────────────────────────────────────────────────────────────

async function ownerOf(db: Db, profileId: string) {
  const owner = await q.findScheduleOwner(db, profileId);
  if (!owner) throw new AppError("not_found", "Creator not found");
  return owner;
}

export async function getSchedule(deps: Deps, profileId: string): Promise<Schedule> {
  const db = deps.database.db;
  const owner = await ownerOf(db, profileId);
  const today = todayIn(owner.time_zone, deps.now());
  const [weekly, overrides, oneOffs] = await Promise.all([
    q.weeklyHoursOf(db, owner.id),
    q.overridesOf(db, owner.id, today),
    q.oneOffsOf(db, owner.user_id, deps.now()),
  ]);
  return {
    timeZone: owner.time_zone,
    minNoticeMinutes: owner.min_notice_minutes,
    bufferMinutes: owner.buffer_minutes,
    weekly,
    overrides,
    oneOffs: oneOffs.map((o) => ({
      id: o.id,
      start: new Date(o.start_time).toISOString(),
      end: new Date(o.end_time).toISOString(),
    })),
  };
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  minutesOf(a.start) < minutesOf(b.end) && minutesOf(b.start) < minutesOf(a.end);
const same = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start === b.start && a.end === b.end;

/** Adds the same hours to each weekday; a repeat of hours already set adds nothing. */
export async function addWeeklyHours(
  deps: Deps,
  profileId: string,
  input: { weekdays: number[]; start: string; end: string },
): Promise<Schedule> {
  await deps.database.db.transaction().execute(async (trx) => {
    await q.lockCreatorSchedule(trx, profileId);
    const existing = await q.weeklyHoursOf(trx, profileId);
    const rows = input.weekdays.flatMap((weekday) => {
      const ofDay = existing.filter((w) => w.weekday === weekday);
      if (ofDay.some((w) => same(w, input))) return [];
      if (ofDay.some((w) => overlaps(w, input))) {
        throw new AppError("validation_failed", SCHEDULE_MESSAGES.overlap);
      }
      return [{ profile_id: profileId, weekday, start_local: input.start, end_local: input.end }];
    });
    if (rows.length) await q.insertWeeklyHours(trx, rows);
  });
  return getSchedule(deps, profileId);
}

/** The creator's today (their zone), and the last date they may plan for. */
function checkDate(date: string, timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  if (date < today) throw new AppError("validation_failed", SCHEDULE_MESSAGES.pastDate);
  if (date > nextDate(today, SCHEDULE.horizonDays)) {
    throw new AppError("validation_failed", SCHEDULE_MESSAGES.horizon);
  }
}

export async function addDateOverride(
  deps: Deps,
  profileId: string,
  input: DateOverrideRequest,
): Promise<Schedule> {
  const owner = await ownerOf(deps.database.db, profileId);
  checkDate(input.date, owner.time_zone, deps.now());
  await deps.database.db.transaction().execute(async (trx) => {
    await q.lockCreatorSchedule(trx, profileId);
    const ofDate = await q.overridesOf(trx, profileId, input.date, input.date);
    const dayOff = ofDate.some((o) => o.start === null);
    if (input.start === null || input.end === null) {
      if (dayOff) return;
      if (ofDate.length) throw new AppError("validation_failed", SCHEDULE_MESSAGES.dayOffTaken);
    } else {
      if (dayOff) throw new AppError("validation_failed", SCHEDULE_MESSAGES.hoursOnDayOff);
      const range = { start: input.start, end: input.end };
      const hours = ofDate.map((o) => ({ start: o.start ?? "", end: o.end ?? "" }));
      if (hours.some((h) => same(h, range))) return;
      if (hours.some((h) => overlaps(h, range))) {
        throw new AppError("validation_failed", SCHEDULE_MESSAGES.overlap);
      }
    }
    await q.insertOverride(trx, {
      profile_id: profileId,
      date: input.date,
      start_local: input.start,
      end_local: input.end,
    });
  });
  return getSchedule(deps, profileId);
}

export async function addOneOff(
  deps: Deps,
  profileId: string,
  input: { date: string; start: string; end: string },
): Promise<Schedule> {
  const owner = await ownerOf(deps.database.db, profileId);
  const now = deps.now();
  checkDate(input.date, owner.time_zone, now);
  const start = new Date(localInstant(input.date, input.start, owner.time_zone));
  const end = new Date(localInstant(input.date, input.end, owner.time_zone));
  if (end <= start) throw new AppError("validation_failed", SCHEDULE_MESSAGES.endAfterStart);
  if (start <= now) {
    throw new AppError("validation_failed", "That time has already passed. Pick a later time.");
  }
  await deps.database.db.transaction().execute(async (trx) => {
    await q.lockCreatorSchedule(trx, profileId);
    const existing = await q.oneOffsOf(trx, owner.user_id, now);
    const t = (d: Date | string) => new Date(d).getTime();
    if (existing.some((o) => t(o.start_time) === t(start) && t(o.end_time) === t(end))) return;
    if (existing.some((o) => t(o.start_time) < t(end) && t(o.end_time) > t(start))) {
      throw new AppError(
        "validation_failed",
        "This time overlaps a one-off time you already added",
      );
    }
    await q.insertOneOff(trx, { user_id: owner.user_id, start, end });
  });
  return getSchedule(deps, profileId);
}

export async function deleteScheduleItem(
  deps: Deps,
  profileId: string,
  kind: "weekly" | "override" | "oneOff",
  id: string,
): Promise<Schedule> {
  const db = deps.database.db;
  const owner = await ownerOf(db, profileId);
  const deleted =
    kind === "weekly"
      ? await q.deleteWeeklyHours(db, profileId, id)
      : kind === "override"
        ? await q.deleteOverride(db, profileId, id)
        : await q.deleteOneOff(db, owner.user_id, id);
  if (!deleted) throw new AppError("not_found", SCHEDULE_MESSAGES.notFound);
  return getSchedule(deps, profileId);
}

export async function putSettings(
  deps: Deps,
  profileId: string,
  settings: ScheduleSettings,
): Promise<Schedule> {
  await updateScheduleSettings(deps.database.db, profileId, settings);
  return getSchedule(deps, profileId);
}

// ── Free time, for booking ────────────────────────────────────────────────────────────────

/** Today's local date in `timeZone`. */
export const todayIn = (timeZone: string, now: Date): string => localDate(now, timeZone);

export type ScheduleOwner = q.ScheduleOwner & { name?: string };

/**
 * A creator's schedule hours and free time from local `date` through the next date (a
 * session may run past midnight), merged.
 */
export async function freeTimeAround(
  db: Db,
  owner: q.ScheduleOwner,
  date: string,
  now: Date,
): Promise<{ hours: Interval[]; free: Interval[] }> {
  const next = nextDate(date);
  const from = daySpan(date, owner.time_zone).start;
  const to = daySpan(next, owner.time_zone).end;
  const rules = await q.loadRules(db, owner, { fromDate: date, toDate: next, from, to });
  const buffer = owner.buffer_minutes * 60_000;
  const [widenedFrom, widenedTo] = [
    new Date(from.getTime() - buffer),
    new Date(to.getTime() + buffer),
  ];
  // External calendars' busy times block exactly as live bookings do (buffer included).
  const bookings = [
    ...(await q.liveBookingsOf(db, owner.id, widenedFrom, widenedTo)),
    ...(await externalBusyOf(db, owner.id, widenedFrom, widenedTo)),
  ].map((b) => ({ start: new Date(b.start_time), end: new Date(b.end_time) }));
  const of = (d: string) => freeTime({ rules, timeZone: owner.time_zone, bookings, now, date: d });
  return {
    hours: mergeIntervals(
      scheduleIntervals(rules, owner.time_zone, date),
      scheduleIntervals(rules, owner.time_zone, next),
    ),
    free: mergeIntervals(of(date), of(next)),
  };
}

/**
 * The booking form's start times of `date`: offered when [start, start + hours) is free and
 * the start is still ahead (a start at this very moment has passed, as booking says).
 */
export function offeredStartTimes(
  free: Interval[],
  date: string,
  timeZone: string,
  hours: number,
  now: Date,
): { time: string; available: boolean }[] {
  return bookingStartTimes().map((time) => {
    let start: Date;
    try {
      start = zonedInstant(date, time, timeZone);
    } catch {
      return { time, available: false }; // a time the clocks skip that day
    }
    const end = new Date(start.getTime() + hours * 3_600_000);
    return { time, available: start > now && fits(free, start, end) };
  });
}

export function noticeText(minutes: number): string {
  if (minutes % 60 === 0) {
    const h = minutes / 60;
    return `${h} ${h === 1 ? "hour's" : "hours'"}`;
  }
  return `${minutes} minutes'`;
}

/**
 * Refuses a session the creator's schedule does not allow: outside their hours, inside their
 * minimum notice, or on top of (or too close to) another live booking or an external busy
 * time. One statement (booking_schedule_verdict, migration 123) that first takes the creator's
 * schedule lock, so two clients cannot both squeeze into the buffer between sessions: run it
 * inside the booking's transaction.
 */
export async function assertBookable(
  db: Db,
  profileId: string,
  booking: { date: string; start: Date; end: Date },
  now: Date,
) {
  const found = await q.scheduleVerdict(db, profileId, booking, now);
  if (!found) throw new AppError("not_found", "Creator not found");
  const { verdict, name } = found;
  if (verdict === "ok") return;
  if (verdict === "outside_hours") {
    throw new AppError(
      "validation_failed",
      `That time is outside ${name}'s available hours. Please pick another time.`,
    );
  }
  if (verdict === "notice") {
    throw new AppError(
      "validation_failed",
      `This creator needs at least ${noticeText(found.min_notice_minutes)} notice. Please pick a later time.`,
    );
  }
  if (verdict === "taken") throw new AppError("conflict", SLOT_TAKEN_MESSAGE);
  if (verdict === "busy") {
    throw new AppError("conflict", `${name} is busy at that time. Please pick another time.`);
  }
  throw new AppError(
    "conflict",
    `That time is too close to another booking: ${name} needs ${found.buffer_minutes} minutes between sessions. Please pick another time.`,
  );
}

/** A listed-or-not creator's zone and schedule settings, for booking. */
export async function scheduleOwner(db: Db, profileId: string): Promise<ScheduleOwner> {
  return ownerOf(db, profileId);
}

/** The creator's nearest start time a booking of `hours` fits, in their zone; null within a week. */
export async function nextStart(
  deps: Deps,
  owner: q.ScheduleOwner,
  hours: number,
): Promise<NextStart> {
  const now = deps.now();
  let date = todayIn(owner.time_zone, now);
  for (let i = 0; i < SCHEDULE.nextStartDays; i += 1) {
    const { free } = await freeTimeAround(deps.database.db, owner, date, now);
    const time = offeredStartTimes(free, date, owner.time_zone, hours, now).find(
      (t) => t.available,
    );
    if (time) return { date, time: time.time };
    date = nextDate(date);
  }
  return null;
}
