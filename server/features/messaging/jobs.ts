import type { AppDeps } from "../../platform/deps.ts";
import { sweepUnsentAttachments } from "./attachments.ts";
import { mailUnreadDigests } from "./digest.ts";

export const MESSAGING_JOBS = {
  /** Every minute: mail people about messages unread for a while (digest.ts). */
  unreadDigest: "messaging.unread-digest",
  /** Hourly: delete images uploaded for messages that were never sent. */
  sweepAttachments: "messaging.sweep-unsent-attachments",
} as const;

/** The messaging cron jobs (server/job-handlers.ts calls this once per process). */
export function defineMessagingJobs(deps: AppDeps) {
  deps.jobs.define({
    name: MESSAGING_JOBS.unreadDigest,
    cron: "* * * * *",
    expireInSeconds: 60,
    handler: async (_data, { now }) => {
      const mailed = await mailUnreadDigests(deps, now);
      if (mailed) deps.log.info({ mailed }, "unread-message mails queued");
    },
  });
  deps.jobs.define({
    name: MESSAGING_JOBS.sweepAttachments,
    cron: "23 * * * *",
    handler: async (_data, { now }) => {
      const swept = await sweepUnsentAttachments(deps, now);
      if (swept) deps.log.info({ swept }, "unsent message attachments deleted");
    },
  });
}
