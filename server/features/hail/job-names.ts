// The hail queues (handlers in jobs.ts). Each job checks the hail's state and deadline itself,
// so a late, early or repeated run is harmless.
export const HAIL_JOBS = {
  /** A live hail's liveUntil, or an unpaid hail's payBy: end it if nobody took it. */
  expire: "hail.expire",
  /** After an accept commits: charge the winner's total (retried through outages). */
  capturePayment: "hail.capture-payment",
  /** A creator cancelled a booking (bookings' transition.ts sends it): flag repeat cancellers. */
  creatorCancelled: "hail.creator-cancelled",
  /** Every minute: hails past their deadline whose own job was lost. */
  sweep: "hail.sweep",
} as const;
