import { BOOKING_TIMINGS } from "../../../contracts/constants.ts";

// When the remainder's hold needs attention. A provider honours an authorization for 3 days
// and keeps it for 29; it can be reauthorized once in between, which is honoured 3 more days.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Reauthorize this long before the capture, so the new honour period covers it. */
const REAUTHORIZE_BEFORE_CAPTURE_MS = 2 * DAY_MS;
/** Ask the client for a new approval this long before the capture. */
const RENEWAL_BEFORE_CAPTURE_MS = 10 * DAY_MS;

/** When the remainder is captured: the session's end plus the completion delay. */
export function captureAt(endTime: Date): Date {
  return new Date(endTime.getTime() + BOOKING_TIMINGS.completionDelayHours * HOUR_MS);
}

export type Hold = { honoredUntil: Date; validUntil: Date; reauthorized: boolean };

/**
 * When the keep-hold job should next look at a hold, or null when the hold already covers the
 * capture. Reauthorize when a capture would fall after the honour period but within validity;
 * otherwise (past day 29, or reauthorized already) ask the client to approve a new hold.
 */
export function nextHoldCheck(capture: Date, hold: Hold): Date | null {
  if (capture <= hold.honoredUntil) return null;
  const justAfterHonour = hold.honoredUntil.getTime() + 60_000;
  const before =
    !hold.reauthorized && capture <= hold.validUntil
      ? REAUTHORIZE_BEFORE_CAPTURE_MS
      : RENEWAL_BEFORE_CAPTURE_MS;
  return new Date(Math.max(justAfterHonour, capture.getTime() - before));
}

/** Whether, at `now`, the hold can be reauthorized to cover the capture. */
export function canReauthorize(capture: Date, hold: Hold, now: Date): boolean {
  return (
    !hold.reauthorized &&
    now > hold.honoredUntil &&
    now <= hold.validUntil &&
    capture <= hold.validUntil
  );
}
