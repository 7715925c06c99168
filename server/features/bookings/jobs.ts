import type { AppDeps } from "../../platform/deps.ts";
import { captureAt, nextHoldCheck } from "./holds.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { problemOpen } from "./lifecycle.ts";
import { findDueBookings } from "./queries.ts";
import {
  completeSession,
  expireUnanswered,
  expireUnpaid,
  keepHold,
  settleBooking,
} from "./settle.ts";

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
  define(BOOKING_JOBS.keepHold, (id, now) => keepHold(deps, id, now));
  define(BOOKING_JOBS.complete, (id, now) => completeSession(deps, id, now));
  define(BOOKING_JOBS.settle, (id) => settleBooking(deps, id));
  deps.jobs.define({
    name: BOOKING_JOBS.sweep,
    cron: "*/5 * * * *",
    handler: (_data, { now }) => sweepBookings(deps, now),
  });
}

const SWEEP_BATCH = 200;

/** Runs whatever is due and was not run by its own job (lost, or a seeded booking). */
export async function sweepBookings(deps: AppDeps, now: Date) {
  for (const b of await findDueBookings(deps.database.db, now, SWEEP_BATCH)) {
    if (b.status === "pending_payment") await expireUnpaid(deps, b.id, now);
    else if (b.status === "pending" && b.respond_by && b.respond_by <= now) {
      await expireUnanswered(deps, b.id, now);
    } else {
      const capture = captureAt(b.end_time);
      if (b.status === "confirmed" && capture <= now && !problemOpen(b)) {
        await completeSession(deps, b.id, now);
        continue;
      }
      const hold = {
        honoredUntil: b.hold_honored_until!,
        validUntil: b.hold_valid_until!,
        reauthorized: b.hold_reauthorized,
      };
      const check = nextHoldCheck(capture, hold);
      if (check && check <= now) await keepHold(deps, b.id, now);
    }
  }
}
