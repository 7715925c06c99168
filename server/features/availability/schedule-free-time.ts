import { SCHEDULE } from "../../../contracts/constants.ts";
import { isoWeekday, nextDate, wallClockInstant } from "../../platform/time.ts";

// A creator's free time, computed per local date in the creator's IANA zone with Temporal.
// This is the one TypeScript implementation (booking times, next start); its SQL twin is
// creator_free_time() (migrations 091, 118, 123), which search's date filter and booking's
// refusal (booking_schedule_verdict, migration 123) use, and schedule-free-time.test.ts runs
// both over the same cases (DST included) to keep them equal.
//
// Local wall-clock times become instants by the one policy of server/platform/time.ts, which is
// exactly PostgreSQL's `timestamp AT TIME ZONE zone`. A range whose end lands at or before its
// start that way (e.g. 02:30–03:00 on a spring-forward day) is empty.

export type WeeklyRule = { weekday: number; start: string; end: string };
/** start/end null: a day off. Any override of a date replaces that date's weekly hours. */
export type OverrideRule = { date: string; start: string | null; end: string | null };
export type ScheduleRules = {
  weekly: WeeklyRule[];
  overrides: OverrideRule[];
  /** One-off times: real instants; they add availability. */
  oneOffs: { start: Date; end: Date }[];
  minNoticeMinutes: number;
  bufferMinutes: number;
  /**
   * Whether the creator has any rule at all, also outside the dates asked about (a loader
   * that reads only some dates says so); when omitted, whether these lists hold any.
   */
  hasSchedule?: boolean;
};
type ScheduleRulesOfDates = Pick<ScheduleRules, "weekly" | "overrides" | "oneOffs" | "hasSchedule">;
export type Interval = { start: Date; end: Date };

type Span = [number, number];

/** The instant of local `date` at `time` (HH:MM, "24:00" = the next midnight), in ms. */
export const localInstant = (date: string, time: string, timeZone: string): number =>
  wallClockInstant(date, time, timeZone).getTime();

export { isoWeekday, nextDate };

/** Whether the creator has set any schedule at all (else SCHEDULE.defaultHours every day). */
export function hasSchedule(rules: ScheduleRulesOfDates) {
  return (
    rules.hasSchedule ??
    (rules.weekly.length > 0 || rules.overrides.length > 0 || rules.oneOffs.length > 0)
  );
}

/** Sorted, overlapping and touching spans merged. */
function merge(spans: Span[]): Span[] {
  const sorted = spans.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** `spans` minus `holes` (both merged). */
function subtract(spans: Span[], holes: Span[]): Span[] {
  let rest = merge(spans);
  for (const [hs, he] of merge(holes)) {
    rest = rest.flatMap(([s, e]): Span[] => {
      if (he <= s || hs >= e) return [[s, e]];
      const parts: Span[] = [];
      if (hs > s) parts.push([s, hs]);
      if (he < e) parts.push([he, e]);
      return parts;
    });
  }
  return rest;
}

const toIntervals = (spans: Span[]): Interval[] =>
  spans.map(([s, e]) => ({ start: new Date(s), end: new Date(e) }));

/** The local date's whole day as instants: [date 00:00, next date 00:00). */
export function daySpan(date: string, timeZone: string): Interval {
  return {
    start: new Date(localInstant(date, "00:00", timeZone)),
    end: new Date(localInstant(date, "24:00", timeZone)),
  };
}

/** The schedule's hours of a local date as instants, before bookings and notice. */
export function scheduleIntervals(
  rules: ScheduleRulesOfDates,
  timeZone: string,
  date: string,
): Interval[] {
  const range = (start: string, end: string): Span => [
    localInstant(date, start, timeZone),
    localInstant(date, end, timeZone),
  ];
  if (!hasSchedule(rules)) {
    return toIntervals(merge([range(SCHEDULE.defaultHours.start, SCHEDULE.defaultHours.end)]));
  }
  const overrides = rules.overrides.filter((o) => o.date === date);
  const weekday = isoWeekday(date);
  const base: Span[] = overrides.length
    ? overrides.flatMap((o) => (o.start && o.end ? [range(o.start, o.end)] : []))
    : rules.weekly.filter((w) => w.weekday === weekday).map((w) => range(w.start, w.end));
  const day = daySpan(date, timeZone);
  const [dayStart, dayEnd] = [day.start.getTime(), day.end.getTime()];
  const oneOffs: Span[] = rules.oneOffs.map((o) => [
    Math.max(o.start.getTime(), dayStart),
    Math.min(o.end.getTime(), dayEnd),
  ]);
  return toIntervals(merge([...base, ...oneOffs]));
}

/**
 * Free time of a local date: the schedule's intervals of that date, minus each live booking
 * widened by the buffer on both sides, minus everything before now + minimum notice.
 */
export function freeTime(input: {
  rules: ScheduleRules;
  timeZone: string;
  bookings: { start: Date; end: Date }[];
  now: Date;
  date: string;
}): Interval[] {
  const { rules, timeZone, bookings, now, date } = input;
  const buffer = rules.bufferMinutes * 60_000;
  const hours = scheduleIntervals(rules, timeZone, date).map(
    (i): Span => [i.start.getTime(), i.end.getTime()],
  );
  const busy: Span[] = bookings.map((b) => [b.start.getTime() - buffer, b.end.getTime() + buffer]);
  busy.push([Number.NEGATIVE_INFINITY, now.getTime() + rules.minNoticeMinutes * 60_000]);
  return toIntervals(subtract(hours, busy));
}

/** Intervals of several dates merged (a session may run past midnight into the next date). */
export function mergeIntervals(...lists: Interval[][]): Interval[] {
  return toIntervals(merge(lists.flat().map((i): Span => [i.start.getTime(), i.end.getTime()])));
}

/** Whether [start, end) lies inside one free interval. */
export function fits(free: Interval[], start: Date, end: Date): boolean {
  return free.some((i) => i.start <= start && i.end >= end);
}

/** Whether some free interval is at least `minutes` long. */
export function hasStretch(free: Interval[], minutes: number): boolean {
  return free.some((i) => i.end.getTime() - i.start.getTime() >= minutes * 60_000);
}
