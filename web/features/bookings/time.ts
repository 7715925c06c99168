import { formatLongDateIn, formatTimeIn, formatTimeZone } from "../../lib/format.ts";

/** "Saturday, November 28, 2026" in the booking's zone (the creator's). */
export const bookingDate = (b: { startTime: string; timeZone: string }) =>
  formatLongDateIn(b.startTime, b.timeZone);

/** "9:00 AM – 12:00 PM" in the booking's zone. */
export const bookingTimeRange = (b: { startTime: string; endTime: string; timeZone: string }) =>
  `${formatTimeIn(b.startTime, b.timeZone)} – ${formatTimeIn(b.endTime, b.timeZone)}`;

/** "New York time (America/New_York)". */
export const bookingZone = (b: { timeZone: string }) => formatTimeZone(b.timeZone);

/** How long is left to answer a request, e.g. "Answer within 23 h" (null: no deadline). */
export function answerWithin(respondBy: string | null, now = Date.now()): string | null {
  if (!respondBy) return null;
  const minutes = Math.floor((new Date(respondBy).getTime() - now) / 60_000);
  if (minutes <= 0) return "The time to answer has passed";
  if (minutes < 60) return `Answer within ${minutes} min`;
  return `Answer within ${Math.floor(minutes / 60)} h`;
}
