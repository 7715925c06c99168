import type { AppDeps } from "../../platform/deps.ts";
import { BOOKING_JOBS } from "./job-names.ts";
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
}
