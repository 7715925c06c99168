import { z } from "zod";
import { idParam } from "./common.ts";

// Calendars both ways (issue 25): a person's private ICS feed of their bookings, and a
// creator's external calendars (secret ICS addresses) whose busy times block booking.

export const CALENDARS = {
  /** External calendars a creator may add. */
  maxExternal: 5,
  /** Every calendar is fetched again this often (the sync job's cron). */
  syncEveryMinutes: 15,
  /** Busy times are expanded this far ahead (recurrences included). */
  windowDays: 90,
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 3,
  /** A feed may be fetched this often per hour (calendar apps poll every few minutes at most). */
  feedFetchesPerHour: 120,
} as const;

export const CALENDAR_MESSAGES = {
  url: "Paste the calendar's secret address (https:// or webcal://)",
  tooMany: `You can add up to ${CALENDARS.maxExternal} calendars`,
  notFound: "Calendar not found",
  feedNotFound: "This calendar feed does not exist or was turned off",
} as const;

export const ZAddExternalCalendarRequest = z.object({
  url: z.string().trim().min(1, CALENDAR_MESSAGES.url).max(2000, CALENDAR_MESSAGES.url),
});
export type AddExternalCalendarRequest = z.infer<typeof ZAddExternalCalendarRequest>;

export const ZExternalCalendarParam = idParam(CALENDAR_MESSAGES.notFound);

export const ZExternalCalendar = z.object({
  id: z.uuid(),
  /** The server and a masked path: the address itself is a secret and never sent back. */
  label: z.string(),
  addedAt: z.iso.datetime(),
  /** null until the first fetch finished (it starts as soon as the calendar is added). */
  lastAttemptAt: z.iso.datetime().nullable(),
  lastSyncedAt: z.iso.datetime().nullable(),
  /** Why the last fetch failed; null when it succeeded. */
  lastError: z.string().nullable(),
  /** Busy stretches found in the next CALENDARS.windowDays days. */
  busyCount: z.number().int(),
});
export type ExternalCalendar = z.infer<typeof ZExternalCalendar>;

export const ZExternalCalendarList = z.object({ calendars: z.array(ZExternalCalendar) });
export type ExternalCalendarList = z.infer<typeof ZExternalCalendarList>;

/** The caller's own feed: its URL (null when turned off). */
export const ZCalendarFeed = z.object({
  url: z.url().nullable(),
  createdAt: z.iso.datetime().nullable(),
});
export type CalendarFeed = z.infer<typeof ZCalendarFeed>;

export const calendarFeedApiPath = "/calendar-feed";
export const calendarFeedReplaceApiPath = "/calendar-feed/replace";
export const externalCalendarsApiPath = "/availability/calendars";
