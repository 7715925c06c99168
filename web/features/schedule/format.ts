import { SCHEDULE } from "../../../contracts/constants.ts";
import { WEEKDAY_NAMES } from "../../../contracts/schedule.ts";

// How the Recurring Schedule card words slots: always in the creator's own zone.

/** "09:00" → "9:00 AM"; "24:00" → "12:00 AM" (midnight). */
export function clock12(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const hour = h % 24;
  const suffix = hour < 12 ? "AM" : "PM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

export const weeklyLabel = (w: { weekday: number; start: string; end: string }) =>
  `Every ${WEEKDAY_NAMES[w.weekday - 1]}, ${clock12(w.start)} - ${clock12(w.end)}`;

/** "Dec 24" for a calendar date (no zone involved: it is the creator's date). */
export function shortDate(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

export const overrideLabel = (o: { date: string; start: string | null; end: string | null }) =>
  `${shortDate(o.date)}: ${o.start && o.end ? `${clock12(o.start)} - ${clock12(o.end)}` : "Day off"}`;

/** "Sat, Dec 5, 2:00 PM - 6:00 PM" for instants, as the clock reads in `timeZone`. */
export function oneOffLabel(o: { start: string; end: string }, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone,
  }).format(new Date(o.start));
  const time = (v: string) =>
    new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(
      new Date(v),
    );
  return `${day}, ${time(o.start)} - ${time(o.end)}`;
}

/** Start/end choices in 15-minute steps; ends may be 24:00. */
export function quarterHours(includeMidnightEnd: boolean): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += 15) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  }
  if (includeMidnightEnd) out.push("24:00");
  return out;
}

export function minutesLabel(minutes: number): string {
  if (minutes === 0) return "None";
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? "" : "s"}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
  return `${minutes} minutes`;
}

/** Until a creator sets hours, clients may book the standard hours (SCHEDULE.defaultHours). */
export const STANDARD_HOURS_APPLY = `Until you add times, clients can book you during the standard hours: ${clock12(SCHEDULE.defaultHours.start)}–${clock12(SCHEDULE.defaultHours.end)} every day.`;
