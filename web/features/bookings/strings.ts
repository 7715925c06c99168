import type { BookingStatus } from "../../../contracts/enums.ts";

// The spec's booking strings (§2 Bookings page, §8) that contracts/bookings.ts does not already
// hold, word for word, in one place; and our own words for what the spec leaves open.

export const BOOKINGS_TITLE = "My Bookings";
export const NEW_BOOKING_TITLE = "New Booking";
export const NO_UPCOMING = "No upcoming bookings";
export const NO_PAST = "No past bookings";
export const FIND_PHOTOGRAPHERS = "Find Photographers";
export const SIGN_IN_TO_CONTINUE = "Sign in to continue";

/** Our words for a chosen date with no free start, and the creator's nearest one. */
export const NO_FREE_TIMES = "No start times are free on this date.";
export const nearestFreeTime = (day: string, time: string) =>
  `The nearest free time is ${day} at ${time}.`;
export const NOTHING_FREE_SOON = (days: number) =>
  `Nothing is free in the next ${days} days either: try a later date.`;
export const USE_NEAREST_TIME = "Use that time";
export const TIMES_NOT_LOADED = "The free times for this date could not be loaded.";

export const BOOKING_FAILED = "Booking failed";
export const PLEASE_TRY_AGAIN = "Please try again";
// The payment tab's toasts are shared with the hail (web/lib/payment-tab.ts).
export {
  NO_APPROVAL_LINK,
  ORDER_CREATED_TITLE,
  PROCEED_MESSAGE,
  PROCEED_TITLE,
} from "../../lib/payment-tab.ts";

export const HOLD_EXPLANATION =
  "Only the deposit is charged now. A temporary hold is placed on the remaining balance — you approve it in the two days before the session — and it is released or captured after the session.";

/** Where the payment provider sends the buyer back: the booking page's ?payment=… banner. */
export const PAYMENT_BANNERS = {
  approved: "Payment approved — your request is with the creator",
  processing: "PayPal is still processing your payment: this page updates when it is done",
  declined:
    "PayPal declined that payment method. Nothing was charged: pay again to choose another one",
  failed: "The payment did not go through, and nothing was charged",
  cancelled: "Payment cancelled",
} as const;
export type PaymentOutcome = keyof typeof PAYMENT_BANNERS;

/** The spec's badge words for the statuses it names; ours for the rest. */
export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending_payment: "Pending payment",
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  declined: "Declined",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** Toasts after a successful action on a booking. */
export const ACTION_DONE = {
  accept: "Booking accepted",
  decline: "Booking declined",
  cancel: "Booking cancelled",
  report_problem: "Problem reported",
  resolve_problem: "Problem resolved",
} as const;

/** Toast titles when an action fails. */
export const ACTION_FAILED = {
  accept: "Could not accept the booking",
  decline: "Could not decline the booking",
  cancel: "Could not cancel the booking",
  report_problem: "Could not report the problem",
  resolve_problem: "Could not resolve the problem",
  pay: "Could not open the payment",
  approve_remainder: "Could not open the payment for the remaining balance",
} as const;

/** Under a field behind "Missing info". */
export const REQUIRED = "Required";
export const PAY_DEPOSIT = "Pay Deposit";
export const APPROVE_REMAINDER = "Approve Remaining Balance";
export const VIEW_DETAILS = "View Details";
export const VIEW_PHOTOS = "View Photos";
export const UPLOAD_PHOTOS = "Upload Photos";
export const LEAVE_REVIEW = "Leave Review";
export const BOOK_AGAIN = "Book Again";
export const NO_PAST_SESSIONS = "No past sessions yet";
export const NO_SCHEDULE = "No confirmed sessions ahead.";
export const NO_REQUESTS = "No requests waiting for your answer.";

/** "You earn $255.00", and the commission it is after. */
export const youEarn = (amount: string) => `You earn ${amount}`;
export const afterCommission = (percent: number) => `after ${percent}% commission`;

/** Where a finished session stands, for its creator and its client. */
export const AFTER_SESSION_LABELS = {
  creator: {
    due: "Photos due",
    delivered: "Delivered · awaiting the client",
    accepted: "Photos accepted · payout on its way",
    paid: "Paid",
    disputed: "Problem reported",
  },
  client: {
    due: "Photos on their way",
    delivered: "Photos ready",
    accepted: "Photos accepted",
    paid: "Photos accepted",
    disputed: "Problem reported",
  },
} as const;
