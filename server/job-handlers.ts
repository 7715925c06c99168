import { wireDomains } from "./domain-wiring.ts";
import { defineSampleCleanupJob } from "./features/applications/sample-cleanup.ts";
import { defineAvailabilityJobs } from "./features/availability/jobs.ts";
import { defineBookingJobs } from "./features/bookings/jobs.ts";
import { defineDeliveryJobs } from "./features/delivery/jobs.ts";
import { defineHailJobs } from "./features/hail/jobs.ts";
import { defineMessagingJobs } from "./features/messaging/jobs.ts";
import { registerMailPolicy } from "./features/notifications/mail-policy.ts";
import { definePushJobs } from "./features/notifications/push.ts";
import { definePaymentJobs } from "./features/payments/jobs.ts";
import { definePayoutJobs } from "./features/payouts/jobs.ts";
import { defineReviewJobs } from "./features/reviews/jobs.ts";
import type { AppDeps } from "./platform/deps.ts";
import { pruneIdempotencyKeys } from "./platform/idempotency.ts";
import { pruneEvents } from "./platform/realtime.ts";

export const PRUNE_IDEMPOTENCY_KEYS_JOB = "platform.prune-idempotency-keys";
export const PRUNE_EVENTS_JOB = "platform.prune-realtime-events";
/** A browser away longer than this reloads instead of replaying (decision 013). */
export const EVENT_RETENTION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every job handler beyond mail (which createDeps defines), then the workers. Called once per
 * process by main.ts and by each test app; deps.jobs.stop() ends the workers. Without `work`
 * (a web process) the queues are installed for sending and nothing runs here.
 */
export async function startJobs(deps: AppDeps, { work = true } = {}) {
  wireDomains(deps);
  deps.jobs.define({
    name: PRUNE_IDEMPOTENCY_KEYS_JOB,
    cron: "17 3 * * *",
    handler: async (_data, { now }) => {
      const pruned = await pruneIdempotencyKeys(deps.database.db, now);
      if (pruned) deps.log.info({ pruned }, "old idempotency keys pruned");
    },
  });
  deps.jobs.define({
    name: PRUNE_EVENTS_JOB,
    cron: "41 * * * *",
    handler: async (_data, { now }) => {
      const olderThan = new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS);
      const pruned = await pruneEvents(deps, olderThan);
      if (pruned) deps.log.info({ pruned }, "old realtime events pruned");
    },
  });
  defineSampleCleanupJob(deps);
  definePaymentJobs(deps);
  defineBookingJobs(deps);
  defineAvailabilityJobs(deps);
  defineHailJobs(deps);
  defineMessagingJobs(deps);
  defineReviewJobs(deps);
  definePayoutJobs(deps);
  defineDeliveryJobs(deps);
  definePushJobs(deps);
  // Before the workers start: optional-category mail is checked against its recipient.
  registerMailPolicy(deps);
  await deps.jobs.start({ work });
}
