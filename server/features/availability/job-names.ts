export const AVAILABILITY_JOBS = {
  /** Twice a minute: creators silent for PRESENCE.staleAfterSeconds go offline. */
  sweepPresence: "availability.sweep-presence",
  /** One external calendar, fetched now (queued when it is added). */
  syncCalendar: "availability.sync-calendar",
  /** Every CALENDARS.syncEveryMinutes: each calendar not fetched since. */
  syncCalendars: "availability.sync-calendars",
} as const;
