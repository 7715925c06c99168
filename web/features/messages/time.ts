const LOCALE = "en-US";
const clock = new Intl.DateTimeFormat(LOCALE, { hour: "numeric", minute: "2-digit" });
const weekday = new Intl.DateTimeFormat(LOCALE, { weekday: "short" });
const day = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric" });
const DAY_MS = 86_400_000;

/** The list's timestamp: the time today, the weekday this week, else the date. */
export function listTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString()) return clock.format(at);
  if (now.getTime() - at.getTime() < 6 * DAY_MS) return weekday.format(at);
  return day.format(at);
}

/** Under a bubble: the time, with the date when not today. */
export function bubbleTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString()) return clock.format(at);
  return `${day.format(at)}, ${clock.format(at)}`;
}
