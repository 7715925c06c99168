// The bookings queues (handlers in jobs.ts). Each job carries { bookingId } and checks the
// booking's state and deadline itself, so a late, early or repeated run is harmless.
export const BOOKING_JOBS = {
  /** An unpaid booking's 30 minutes are up. */
  expirePayment: "bookings.expire-payment",
  /** An unanswered request's deadline. */
  expireRequest: "bookings.expire-request",
  /** Keep the remainder's hold alive until the capture (reauthorize or ask again). */
  keepHold: "bookings.keep-hold",
  /** 24 hours after the session: capture the remainder, complete. */
  complete: "bookings.complete",
  /** After a transition that releases money: void the hold, refund the deposit. */
  settle: "bookings.settle",
  /** Every 5 minutes: whatever is due that its own job did not run. */
  sweep: "bookings.sweep",
} as const;
