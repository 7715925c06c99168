import type { AppDeps } from "../../platform/deps.ts";
import {
  completeSession,
  expireUnanswered,
  expireUnpaid,
  remainderDeadline,
  remindRemainder,
} from "./deadlines.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { problemOpen } from "./lifecycle.ts";
import { findDueBookings } from "./queries.ts";
import { captureAt } from "./remainder-window.ts";

type BookingJob = { bookingId: string };

/** Registers the bookings queues (server/job-handlers.ts calls this once per process). */
export function defineBookingJobs(deps: AppDeps) {
  const define = (name: string, handler: (bookingId: string, now: Date) => Promise<void>) =>
    deps.jobs.define<BookingJob>({
      name,
      // Provider outages: retry with backoff for about a day before staff see a dead letter.
      retryLimit: 12,
      retryDelaySeconds: 30,
      retryDelayMaxSeconds: 2 * 60 * 60,
      expireInSeconds: 120,
      handler: (data, { now }) => handler(data.bookingId, now),
    });
  define(BOOKING_JOBS.expirePayment, (id, now) => expireUnpaid(deps, id, now));
  define(BOOKING_JOBS.expireRequest, (id, now) => expireUnanswered(deps, id, now));
  define(BOOKING_JOBS.remainderDue, (id, now) => remindRemainder(deps, id, now));
  define(BOOKING_JOBS.remainderDeadline, (id, now) => remainderDeadline(deps, id, now));
  define(BOOKING_JOBS.complete, (id, now) => completeSession(deps, id, now));
  deps.jobs.define({
    name: BOOKING_JOBS.sweep,
    cron: "*/5 * * * *",
    handler: (_data, { now }) => sweepBookings(deps, now),
  });
}

const SWEEP_BATCH = 200;

/** Runs whatever is due and was not run by its own job (lost, or a seeded booking). */
export async function sweepBookings(deps: AppDeps, now: Date) {
  const completeBefore = new Date(2 * now.getTime() - captureAt(now).getTime());
  for (const b of await findDueBookings(deps.database.db, now, completeBefore, SWEEP_BATCH)) {
    if (b.status === "pending_payment") await expireUnpaid(deps, b.id, now);
    else if (b.status === "pending") await expireUnanswered(deps, b.id, now);
    else if (b.remainder_state === "awaiting" && b.start_time <= now) {
      await remainderDeadline(deps, b.id, now);
    } else if (captureAt(b.end_time) <= now && !problemOpen(b)) {
      await completeSession(deps, b.id, now);
    }
  }
}
