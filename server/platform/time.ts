import { Temporal } from "temporal-polyfill";

// Every conversion between a wall-clock time in an IANA zone and an instant, in one place, with
// one policy for the two kinds of local time a DST change makes (docs/decisions/021's sibling
// on time: ARCHITECTURE.md "time"):
//   - a local time the clocks skip (02:30 on a spring-forward night) is read with the offset
//     before the change: it lands after the gap (03:30 new time);
//   - a local time the clocks repeat (01:30 on a fall-back night) is the later instant (the
//     second 01:30, standard time).
// That is Temporal's disambiguation "later" and exactly PostgreSQL's
// `timestamp AT TIME ZONE zone`, so schedules expanded in SQL (migration 091's
// creator_free_time) agree with these to the millisecond — time.test.ts checks both at both DST
// edges of several zones. A booking's start refuses a skipped time rather than move it.

export class LocalTimeError extends Error {}

const plainDate = (date: string) => Temporal.PlainDate.from(date);

/** The instant of local `date` (YYYY-MM-DD) at `time` (HH:MM; "24:00" = the next midnight). */
export function wallClockInstant(date: string, time: string, timeZone: string): Date {
  let day = plainDate(date);
  let clock = time;
  if (time === "24:00") {
    day = day.add({ days: 1 });
    clock = "00:00";
  }
  const zoned = day
    .toPlainDateTime(Temporal.PlainTime.from(clock))
    .toZonedDateTime(timeZone, { disambiguation: "later" });
  return new Date(zoned.epochMilliseconds);
}

/** Whether the clocks skip local `date` `time` in `timeZone` (it has no instant of its own). */
export function isSkippedTime(date: string, time: string, timeZone: string): boolean {
  const local = Temporal.PlainDateTime.from(`${date}T${time}`);
  const zoned = local.toZonedDateTime(timeZone, { disambiguation: "later" });
  return !zoned.toPlainDateTime().equals(local);
}

/**
 * A booking's start: the instant of `date` at `time` in `timeZone`, refusing a malformed one
 * and one the clocks skip that day (rather than book another hour than the client chose).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  let local: Temporal.PlainDateTime;
  try {
    local = Temporal.PlainDateTime.from(`${date}T${time}`);
  } catch {
    throw new LocalTimeError("Pick a valid date and start time");
  }
  let zoned: Temporal.ZonedDateTime;
  try {
    // wallClockInstant's policy, without building the instant twice (it is on every booking).
    zoned = local.toZonedDateTime(timeZone, { disambiguation: "later" });
  } catch {
    throw new LocalTimeError("Pick a valid date and start time");
  }
  if (!zoned.toPlainDateTime().equals(local)) {
    throw new LocalTimeError("That start time does not exist on that date (the clocks change)");
  }
  return new Date(zoned.epochMilliseconds);
}

/** The session's end: `hours` of elapsed time after the start (a DST change inside counts). */
export function addHours(start: Date, hours: number): Date {
  return new Date(start.getTime() + hours * 60 * 60 * 1000);
}

/** The local calendar date of an instant in `timeZone` (YYYY-MM-DD). */
export function localDate(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}

/** The local wall-clock date and time of an instant in `timeZone` (YYYY-MM-DDTHH:MM:SS). */
export function localDateTime(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime()
    .toString({ smallestUnit: "second" });
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string): number => plainDate(date).dayOfWeek;

/** The date `days` after `date`. */
export const nextDate = (date: string, days = 1): string =>
  plainDate(date).add({ days }).toString();

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

// ── Time zones for calendars ────────────────────────────────────────────────────────────────
// An RFC 5545 VTIMEZONE for an IANA zone, written from the runtime's own zone data (Temporal):
// one STANDARD/DAYLIGHT observance per offset change in the years asked for, no RRULE to get
// wrong. Calendar feeds carry it beside each TZID; external calendars that name an IANA TZID
// without defining it get one, so ical.js compares their times (UNTIL, EXDATE) correctly.

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** "+0100" / "-0430" from Temporal's "+01:00" / "-04:30". */
const offsetText = (offset: string) => offset.replace(":", "").slice(0, 5);

const localStamp = (t: Temporal.PlainDateTime) =>
  `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;

/** VTIMEZONE lines (without line folding, all short) for `zone` from `fromYear` through `toYear`. */
export function vtimezoneLines(zone: string, fromYear: number, toYear: number): string[] {
  const start = Temporal.ZonedDateTime.from({ timeZone: zone, year: fromYear, month: 1, day: 1 });
  const end = Temporal.ZonedDateTime.from({ timeZone: zone, year: toYear + 1, month: 1, day: 1 });
  const observance = (kind: string, at: Temporal.PlainDateTime, from: string, to: string) => [
    `BEGIN:${kind}`,
    `DTSTART:${localStamp(at)}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `END:${kind}`,
  ];
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  lines.push(...observance("STANDARD", start.toPlainDateTime(), start.offset, start.offset));
  let current = start;
  for (;;) {
    const next = current.getTimeZoneTransition("next");
    if (!next || Temporal.ZonedDateTime.compare(next, end) >= 0) break;
    const before = next.subtract({ nanoseconds: 1 });
    const kind = next.offsetNanoseconds > before.offsetNanoseconds ? "DAYLIGHT" : "STANDARD";
    // DTSTART is the wall-clock time of the change in the offset it leaves.
    const at = next.withTimeZone(before.offset).toPlainDateTime();
    lines.push(...observance(kind, at, before.offset, next.offset));
    current = next;
  }
  lines.push("END:VTIMEZONE");
  return lines;
}
