import type { AppDeps } from "../../platform/deps.ts";
import { autoAcceptDue } from "./transitions.ts";

export const DELIVERY_JOBS = {
  /** Every five minutes: accept deliveries whose client neither accepted nor reported a problem. */
  autoAccept: "delivery.auto-accept",
} as const;

/** The delivery cron job (server/job-handlers.ts calls this once per process). */
export function defineDeliveryJobs(deps: AppDeps) {
  deps.jobs.define({
    name: DELIVERY_JOBS.autoAccept,
    cron: "*/5 * * * *",
    expireInSeconds: 300,
    handler: async (_data, { now }) => {
      const accepted = await autoAcceptDue(deps, now);
      if (accepted) deps.log.info({ accepted }, "deliveries accepted automatically");
    },
  });
}
