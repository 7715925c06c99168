import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import type { LifecycleStep } from "./lifecycle.ts";
import type { BookingWithParties } from "./queries.ts";
import { captureAt, remainderOpensAt, remainderReminderAt } from "./remainder-window.ts";

// The jobs each lifecycle step sets going, declared beside the lifecycle (its mails are in
// mails.ts, its notifications in notifications.ts, and other domains' consequences subscribe
// in server/domain-wiring.ts). Sent in the step's own transaction, with the booking as it is
// after the step: a deadline exists exactly when its booking reached the state that has it.

type Job = { name: string; startAfter: Date };

function remainderJobs(b: BookingWithParties, now: Date): Job[] {
  if (b.remainder_cents === 0) return [];
  const opens = remainderOpensAt(b);
  const reminders = [opens, remainderReminderAt(b)].filter(
    (at, i, all) => at < b.start_time && (i === 0 || at > all[0]!),
  );
  return [
    ...reminders.map((at) => ({
      name: BOOKING_JOBS.remainderDue,
      startAfter: new Date(Math.max(at.getTime(), now.getTime())),
    })),
    { name: BOOKING_JOBS.remainderDeadline, startAfter: b.start_time },
  ];
}

const STEP_JOBS: Partial<Record<LifecycleStep, (b: BookingWithParties, now: Date) => Job[]>> = {
  /** The deposit's 30 minutes. */
  requested: (b) => (b.pay_by ? [{ name: BOOKING_JOBS.expirePayment, startAfter: b.pay_by }] : []),
  /** The creator's 24 hours (or the start); the balance's reminders and deadline. */
  paid: (b, now) => [
    ...(b.respond_by ? [{ name: BOOKING_JOBS.expireRequest, startAfter: b.respond_by }] : []),
    ...remainderJobs(b, now),
  ],
  /** 24 hours after the session: collect the balance and complete. */
  accept: (b) => [{ name: BOOKING_JOBS.complete, startAfter: captureAt(b.end_time) }],
  hailAccepted: (b) => [{ name: BOOKING_JOBS.complete, startAfter: captureAt(b.end_time) }],
};

export async function sendStepJobs(
  deps: AppDeps,
  trx: Kysely<DB>,
  step: LifecycleStep,
  after: BookingWithParties,
) {
  for (const job of STEP_JOBS[step]?.(after, deps.now()) ?? []) {
    await deps.jobs.send(
      job.name,
      { bookingId: after.id },
      { executor: trx, startAfter: job.startAfter },
    );
  }
}
