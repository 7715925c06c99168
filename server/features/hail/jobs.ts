import type { AppDeps } from "../../platform/deps.ts";
import { HAIL_JOBS } from "./job-names.ts";
import { capturePayment, flagRepeatCanceller } from "./offers.ts";
import { findDueHails } from "./queries.ts";
import { expireHail } from "./service.ts";

/** Registers the hail queues (server/job-handlers.ts calls this once per process). */
export function defineHailJobs(deps: AppDeps) {
  const retried = { retryLimit: 12, retryDelaySeconds: 30, retryDelayMaxSeconds: 2 * 60 * 60 };
  deps.jobs.define<{ hailId: string }>({
    name: HAIL_JOBS.expire,
    ...retried,
    expireInSeconds: 120,
    handler: (data, { now }) => expireHail(deps, data.hailId, now),
  });
  deps.jobs.define<{ hailId: string }>({
    name: HAIL_JOBS.capturePayment,
    ...retried,
    expireInSeconds: 120,
    handler: (data) => capturePayment(deps, data.hailId),
  });
  deps.jobs.define<{ bookingId: string }>({
    name: HAIL_JOBS.creatorCancelled,
    ...retried,
    expireInSeconds: 120,
    handler: (data, { now }) => flagRepeatCanceller(deps, data.bookingId, now),
  });
  deps.jobs.define({
    name: HAIL_JOBS.sweep,
    cron: "* * * * *",
    handler: (_data, { now }) => sweepHails(deps, now),
  });
}

/** Ends whatever hail is past its deadline and was not ended by its own job. */
export async function sweepHails(deps: AppDeps, now: Date) {
  for (const h of await findDueHails(deps.database.db, now, 200)) {
    await expireHail(deps, h.id, now);
  }
}
