// Every date and number the web shows is formatted here, for US English (the marketplace prices
// in USD); money has one formatter for both sides, contracts' formatCents, re-exported here.
export { formatCents } from "../../contracts/booking-pricing.ts";

const LOCALE = "en-US";

const date = new Intl.DateTimeFormat(LOCALE, { year: "numeric", month: "short", day: "numeric" });
const longDate = new Intl.DateTimeFormat(LOCALE, {
  year: "numeric",
  month: "long",
  day: "numeric",
});
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const calendarDay = new Intl.DateTimeFormat(LOCALE, {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const count = new Intl.NumberFormat(LOCALE);

const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** e.g. "Nov 23, 2026". */
export const formatDate = (value: string | Date) => date.format(toDate(value));

/** e.g. "November 23, 2026". */
export const formatLongDate = (value: string | Date) => longDate.format(toDate(value));

/** e.g. "Nov 23, 2026, 2:05 PM". */
export const formatDateTime = (value: string | Date) => dateTime.format(toDate(value));

/** e.g. "Mon, Dec 7" for a calendar date (YYYY-MM-DD): a day as written, no zone involved. */
export const formatCalendarDay = (day: string) => calendarDay.format(new Date(`${day}T12:00:00Z`));

/** e.g. 12345 → "12,345". */
export const formatCount = (value: number) => count.format(value);

/** e.g. "9:00 AM" for an instant, as the clock reads in `timeZone`. */
export const formatTimeIn = (value: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE, { hour: "numeric", minute: "2-digit", timeZone }).format(
    toDate(value),
  );

/** e.g. "Saturday, November 28, 2026" for an instant, as the calendar reads in `timeZone`. */
export const formatLongDateIn = (value: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone,
  }).format(toDate(value));

/** e.g. "Nov 23, 2026, 2:05 PM" as the clock reads in `timeZone`. */
export const formatDateTimeIn = (value: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short", timeZone }).format(
    toDate(value),
  );

/**
 * A zone's everyday name, e.g. "America/New_York" → "New York time (America/New_York)": the
 * city of the IANA name (what people recognise), with the exact name beside it.
 */
export function formatTimeZone(timeZone: string): string {
  const city = timeZone.split("/").pop()?.replaceAll("_", " ") ?? timeZone;
  return timeZone.includes("/") ? `${city} time (${timeZone})` : timeZone;
}
