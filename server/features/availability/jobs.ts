import type { AppDeps } from "../../platform/deps.ts";
import { sweepPresence } from "./service.ts";

export const AVAILABILITY_JOBS = {
  /** Twice a minute: creators silent for PRESENCE.staleAfterSeconds go offline. */
  sweepPresence: "availability.sweep-presence",
} as const;

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
}
