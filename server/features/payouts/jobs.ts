import type { AppDeps } from "../../platform/deps.ts";
import { runPayouts } from "./payout-service.ts";
import { recordDailyTiers } from "./tiers.ts";

export const PAYOUT_JOBS = {
  /** Daily: every creator's tier snapshot and tier (idempotent for the day). */
  tiers: "payouts.daily-tiers",
  /** Every 15 minutes: refunds into the ledger, payouts now due, PayPal payouts under way. */
  run: "payouts.run",
} as const;

/** Registers the payouts queues (server/job-handlers.ts calls this once per process). */
export function definePayoutJobs(deps: AppDeps) {
  deps.jobs.define({
    name: PAYOUT_JOBS.tiers,
    cron: "5 0 * * *",
    handler: async (_data, { now }) => {
      const creators = await recordDailyTiers(deps, now);
      deps.log.info({ creators }, "commission tiers recorded");
    },
  });
  deps.jobs.define({
    name: PAYOUT_JOBS.run,
    cron: "*/15 * * * *",
    handler: (_data, { now }) => runPayouts(deps, now),
  });
}
