import { BOOKING_TIMINGS, REMAINDER_APPROVAL } from "../../../contracts/constants.ts";

// When a booking's remaining balance is approved and collected (docs/decisions/021). The
// client approves it in the days before the session — a hold made then is still inside PayPal's
// 3-day honour period when it is captured, 24 hours after the session — and before it starts.
// A capture refused after the session may be approved again for a few more days.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Times = { start_time: Date; end_time: Date };

/** When the remainder is captured: the session's end plus the completion delay. */
export function captureAt(endTime: Date): Date {
  return new Date(endTime.getTime() + BOOKING_TIMINGS.completionDelayHours * HOUR_MS);
}

/** From when the client may approve the balance. */
export function remainderOpensAt(b: Times): Date {
  return new Date(
    captureAt(b.end_time).getTime() - REMAINDER_APPROVAL.opensHoursBeforeCapture * HOUR_MS,
  );
}

/** When the second reminder goes, if the window opened before it. */
export function remainderReminderAt(b: Times): Date {
  return new Date(b.start_time.getTime() - REMAINDER_APPROVAL.reminderHoursBeforeStart * HOUR_MS);
}

/**
 * Until when the client may approve it: the start, or — once the session took place and the
 * capture was refused — a few days after the capture was due.
 */
export function remainderDueBy(b: Times, now: Date): Date {
  if (now < b.start_time) return b.start_time;
  return new Date(
    captureAt(b.end_time).getTime() + REMAINDER_APPROVAL.retryDaysAfterSession * DAY_MS,
  );
}

export const remainderWindowOpen = (b: Times, now: Date) =>
  remainderOpensAt(b) <= now && now < remainderDueBy(b, now);

/** Whether the client may approve the balance now. */
export const remainderDue = (b: Times & { status: string; remainder_state: string }, now: Date) =>
  (b.status === "pending" || b.status === "confirmed") &&
  b.remainder_state === "awaiting" &&
  remainderWindowOpen(b, now);
