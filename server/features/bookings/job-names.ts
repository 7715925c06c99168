// The bookings queues (handlers in jobs.ts). Each job carries { bookingId } and checks the
// booking's state and deadline itself, so a late, early or repeated run is harmless.
export const BOOKING_JOBS = {
  /** An unpaid booking's 30 minutes are up. */
  expirePayment: "bookings.expire-payment",
  /** An unanswered request's deadline. */
  expireRequest: "bookings.expire-request",
  /** The remaining balance can be approved: remind the client. */
  remainderDue: "bookings.remainder-due",
  /** The remaining balance was not approved in time. */
  remainderDeadline: "bookings.remainder-deadline",
  /** 24 hours after the session: collect the balance, complete. */
  complete: "bookings.complete",
  /** Every 5 minutes: whatever is due that its own job did not run. */
  sweep: "bookings.sweep",
} as const;
