import ICAL from "ical.js";
import { isTimeZone, vtimezoneLines, wallClockInstant } from "../../platform/time.ts";

// Busy times of an external calendar (ICS text) within a window, with ical.js: recurrences
// (RRULE, RDATE) expanded in the event's own wall-clock time, EXDATEs left out, RECURRENCE-ID
// overrides applied (moved, or cancelled), all-day events as whole local days. Events marked
// free (TRANSP:TRANSPARENT) or cancelled are not busy.
//
// Each occurrence's local time becomes an instant here, not in ical.js: an IANA TZID goes
// through server/platform/time.ts (Temporal, the house's one DST policy); any other TZID uses
// the file's own VTIMEZONE (Outlook's "Eastern Standard Time"); floating times and all-day
// dates are read in the creator's zone.

export type BusySpan = { start: Date; end: Date };

export class CalendarParseError extends Error {}

/** Stops a hostile or runaway rule (FREQ=SECONDLY …) from expanding forever. */
const MAX_STEPS_PER_EVENT = 50_000;
/** Occurrences this long before the window are skipped without an exact (Temporal) reading. */
const ROUGH_MARGIN_MS = 2 * 86_400_000;
export const MAX_BUSY_SPANS = 2_000;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dateOf = (t: ICAL.Time) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;

/**
 * The instant an ical.js time stands for. `tzid` is the TZID its property named: ical.js keeps
 * a zone only when the file defines it, so the name is carried beside the time.
 */
export function instantOf(t: ICAL.Time, fallbackZone: string, tzid?: string): Date {
  if (t.isDate) return wallClockInstant(dateOf(t), "00:00", fallbackZone);
  if (t.zone === ICAL.Timezone.utcTimezone) return t.toJSDate();
  const clock = `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
  if (tzid && isTimeZone(tzid)) return wallClockInstant(dateOf(t), clock, tzid);
  if (tzid && t.zone?.component) return t.toJSDate(); // the file's own VTIMEZONE
  return wallClockInstant(dateOf(t), clock, fallbackZone);
}

const tzidOf = (component: ICAL.Component, name: "dtstart" | "dtend") => {
  const value = component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : undefined;
};

const statusOf = (c: ICAL.Component) =>
  String(c.getFirstPropertyValue("status") ?? "").toUpperCase();
const transparent = (c: ICAL.Component) =>
  String(c.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT";
const isFree = (c: ICAL.Component) => transparent(c) || statusOf(c) === "CANCELLED";

function parseCalendar(text: string, around: Date): ICAL.Component {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new CalendarParseError(`This is not a readable calendar (${(error as Error).message})`);
  }
  const root = new ICAL.Component(parsed as unknown[]);
  const calendar = root.name === "vcalendar" ? root : root.getFirstSubcomponent("vcalendar");
  if (!calendar)
    throw new CalendarParseError("This address does not hold a calendar (no VCALENDAR)");
  defineNamedZones(calendar, around.getUTCFullYear());
  return calendar;
}

/** Years of zone data given to a TZID the file names but does not define. */
const ZONE_YEARS_BACK = 30;
const ZONE_YEARS_AHEAD = 2;

/** Gives each IANA TZID the file uses without a VTIMEZONE one written from the runtime's data. */
function defineNamedZones(calendar: ICAL.Component, year: number) {
  const named = new Set<string>();
  for (const event of calendar.getAllSubcomponents("vevent")) {
    for (const property of event.getAllProperties()) {
      const tzid = property.getParameter("tzid");
      if (typeof tzid === "string") named.add(tzid);
    }
  }
  for (const tzid of named) {
    if (!isTimeZone(tzid) || calendar.getTimeZoneByID(tzid)) continue;
    const lines = vtimezoneLines(tzid, year - ZONE_YEARS_BACK, year + ZONE_YEARS_AHEAD);
    calendar.addSubcomponent(new ICAL.Component(ICAL.parse(lines.join("\r\n")) as unknown[]));
  }
}

/** An event's masters and their overrides, related by UID; overrides without a master stand alone. */
function eventsOf(calendar: ICAL.Component): ICAL.Event[] {
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Component[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    if (component.hasProperty("recurrence-id")) overrides.push(component);
    else
      masters.set(
        String(component.getFirstPropertyValue("uid") ?? masters.size),
        new ICAL.Event(component),
      );
  }
  const loose: ICAL.Event[] = [];
  for (const component of overrides) {
    const master = masters.get(String(component.getFirstPropertyValue("uid")));
    if (master) master.relateException(component);
    else loose.push(new ICAL.Event(component));
  }
  return [...masters.values(), ...loose];
}

type Window = { from: Date; to: Date };

function spanOf(
  start: ICAL.Time,
  end: ICAL.Time | null,
  zone: string,
  component: ICAL.Component,
): BusySpan {
  const startZone = tzidOf(component, "dtstart");
  const from = instantOf(start, zone, startZone);
  let until = end ? instantOf(end, zone, tzidOf(component, "dtend") ?? startZone) : null;
  if (!until || until <= from) {
    // No end (or a zero-length one): a date lasts the day, a date-time is an instant.
    const dayAfter = start.clone();
    dayAfter.adjust(1, 0, 0, 0);
    until = start.isDate ? wallClockInstant(dateOf(dayAfter), "00:00", zone) : from;
  }
  return { start: from, end: until };
}

function occurrencesOf(event: ICAL.Event, window: Window, zone: string): BusySpan[] {
  const spans: BusySpan[] = [];
  const keep = (span: BusySpan, component: ICAL.Component) => {
    if (isFree(component)) return;
    if (span.end > window.from && span.start < window.to && span.end > span.start) spans.push(span);
  };
  if (!event.isRecurring()) {
    keep(spanOf(event.startDate, event.endDate, zone, event.component), event.component);
    return spans;
  }
  if (isFree(event.component)) return spans; // the whole series is free or cancelled
  const iterator = event.iterator();
  const masterZone = tzidOf(event.component, "dtstart");
  const margin = ROUGH_MARGIN_MS + event.duration.toSeconds() * 1000;
  for (let step = 0; step < MAX_STEPS_PER_EVENT; step += 1) {
    const next = iterator.next();
    if (!next) break;
    if (next.toUnixTime() * 1000 < window.from.getTime() - margin) continue;
    if (instantOf(next, zone, masterZone) >= window.to) break;
    const details = event.getOccurrenceDetails(next);
    const item = details.item.component;
    keep(spanOf(details.startDate, details.endDate, zone, item), item);
  }
  // An override may move an occurrence from beyond the window into it.
  for (const exception of Object.values(event.exceptions)) {
    const item = exception.component;
    keep(spanOf(exception.startDate, exception.endDate, zone, item), item);
  }
  return spans;
}

/**
 * The calendar's own name (X-WR-CALNAME, as Google, Apple and Outlook write it) and its busy
 * spans overlapping `window`, clipped to it, sorted and merged. `zone` reads floating times and
 * all-day dates (the creator's zone).
 */
export function readCalendar(
  text: string,
  window: Window,
  zone: string,
): { name: string | null; busy: BusySpan[] } {
  const calendar = parseCalendar(text, window.from);
  const spans = eventsOf(calendar).flatMap((event) => {
    try {
      return occurrencesOf(event, window, zone);
    } catch {
      return []; // one malformed event (a bad RRULE, a nonsense date) does not sink the calendar
    }
  });
  const clipped = spans
    .map((s) => ({
      start: new Date(Math.max(s.start.getTime(), window.from.getTime())),
      end: new Date(Math.min(s.end.getTime(), window.to.getTime())),
    }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: BusySpan[] = [];
  for (const span of clipped) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) {
      if (span.end > last.end) last.end = span.end;
    } else merged.push({ ...span });
  }
  const rawName = calendar.getFirstPropertyValue("x-wr-calname");
  const name =
    typeof rawName === "string" ? rawName.replace(/\p{C}/gu, "").trim().slice(0, 80) : "";
  return { name: name || null, busy: merged.slice(0, MAX_BUSY_SPANS) };
}

/** The busy spans of `text` overlapping `window` (readCalendar without the name). */
export const busyTimes = (text: string, window: Window, zone: string): BusySpan[] =>
  readCalendar(text, window, zone).busy;
