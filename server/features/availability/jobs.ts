import { CALENDARS } from "../../../contracts/calendars.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { syncCalendar, syncDueCalendars } from "./calendar-service.ts";
import { AVAILABILITY_JOBS } from "./job-names.ts";
import { sweepPresence } from "./service.ts";

export { AVAILABILITY_JOBS };

/** The sweep runs this often; cron has minute precision, so each minute's run books a second. */
export const SWEEP_EVERY_SECONDS = 30;

type SweepJob = { followUp?: boolean };

/**
 * The presence sweep (server/job-handlers.ts calls this once per process). pg-boss's cron puts
 * exactly one job per minute in the queue however many processes run; its handler sweeps and
 * books one follow-up 30 s later (which books nothing). So the sweep runs every 30 s across all
 * processes, a lost follow-up costs at most 30 s, and a late or repeated run is harmless: the
 * sweep is one idempotent statement that skips rows another run holds.
 * A creator is offline between staleAfterSeconds and staleAfterSeconds + 30 s after their last
 * heartbeat.
 */
export function defineAvailabilityJobs(deps: AppDeps) {
  deps.jobs.define<SweepJob>({
    name: AVAILABILITY_JOBS.sweepPresence,
    cron: "* * * * *",
    expireInSeconds: 60,
    handler: async (data, { now }) => {
      const swept = await sweepPresence(deps, now);
      if (swept.length) deps.log.info({ swept: swept.length }, "silent creators turned offline");
      if (!data?.followUp) {
        await deps.jobs.send(
          AVAILABILITY_JOBS.sweepPresence,
          { followUp: true },
          { startAfter: new Date(now.getTime() + SWEEP_EVERY_SECONDS * 1000) },
        );
      }
    },
  });
  // External calendars: each is fetched when added and then every syncEveryMinutes. A failed
  // fetch is recorded on the calendar (the creator sees why) and waits for the next round.
  deps.jobs.define<{ calendarId: string }>({
    name: AVAILABILITY_JOBS.syncCalendar,
    expireInSeconds: 60,
    handler: (data, { now }) => syncCalendar(deps, data.calendarId, now),
  });
  deps.jobs.define({
    name: AVAILABILITY_JOBS.syncCalendars,
    cron: `*/${CALENDARS.syncEveryMinutes} * * * *`,
    expireInSeconds: 10 * 60,
    handler: async (_data, { now }) => {
      const synced = await syncDueCalendars(deps, now);
      if (synced) deps.log.info({ synced }, "external calendars synced");
    },
  });
}
