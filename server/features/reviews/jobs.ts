import type { AppDeps } from "../../platform/deps.ts";
import { publishDueReviews } from "./service.ts";

export const REVIEW_JOBS = { publishDue: "reviews.publish-due" } as const;

/**
 * The deadline publication is a cron sweep rather than a job scheduled from the completion
 * hook: it also finds windows no transition scheduled (bookings completed before this
 * migration, the demo seed, a lost job), needs no per-booking queue entry, and a few minutes'
 * lateness against a 14-day window is invisible — submissions themselves are refused by the
 * clock at the deadline exactly, whatever the sweep has done.
 */
export function defineReviewJobs(deps: AppDeps) {
  deps.jobs.define({
    name: REVIEW_JOBS.publishDue,
    cron: "*/5 * * * *",
    handler: async (_data, { now }) => {
      const published = await publishDueReviews(deps, now);
      if (published) deps.log.info({ published }, "reviews published at their window's close");
    },
  });
}
