import { defineSampleCleanupJob } from "./features/applications/sample-cleanup.ts";
import type { AppDeps } from "./platform/deps.ts";
import { pruneIdempotencyKeys } from "./platform/idempotency.ts";

export const PRUNE_IDEMPOTENCY_KEYS_JOB = "platform.prune-idempotency-keys";

/**
 * Every job handler beyond mail (which createDeps defines), then the workers. Called once per
 * process by main.ts and by each test app; deps.jobs.stop() ends the workers.
 */
export async function startJobs(deps: AppDeps) {
  deps.jobs.define({
    name: PRUNE_IDEMPOTENCY_KEYS_JOB,
    cron: "17 3 * * *",
    handler: async (_data, { now }) => {
      const pruned = await pruneIdempotencyKeys(deps.database.db, now);
      if (pruned) deps.log.info({ pruned }, "old idempotency keys pruned");
    },
  });
  defineSampleCleanupJob(deps);
  await deps.jobs.start();
}
