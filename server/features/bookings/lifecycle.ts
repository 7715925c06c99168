import { percentOf } from "../../../contracts/booking-pricing.ts";
import { CANCELLATION_POLICY } from "../../../contracts/constants.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";

// The booking lifecycle (shared/DESIGN.md, docs/decisions/017) in one place. Each transition
// says who may take it, from which states, what happens to the money and who is mailed.
// Every transition is one conditional update (`where status in from`), a booking_events row
// with its actor, a booking_changed event to both parties and a mail to the other party, all in
// one transaction; money the transition releases is moved afterwards by the settlement job
// (settle.ts), with provider request ids derived from the booking, so a retry never moves it
// twice.

export type Actor = "client" | "creator" | "staff" | "system";

export type Transition = {
  from: readonly BookingStatus[];
  to: BookingStatus;
  actors: readonly Actor[];
  /** The refund of the captured deposit this transition owes, in cents. */
  depositRefund: (booking: PolicyInput, actor: Actor) => number;
  /** Whether the remainder's hold is released (voided). */
  voidsHold: boolean;
};

export type PolicyInput = { depositCents: number; startTime: Date; now: Date };

const nothing = () => 0;
const fullDeposit = (b: PolicyInput) => b.depositCents;

export const TRANSITIONS = {
  /**
   * The client approved the order at the provider: the whole amount was authorized, the
   * deposit captured at once (final_capture=false) and the remainder stays held. Mails the
   * creator a new request to answer. (payment.ts)
   */
  paid: {
    from: ["pending_payment"],
    to: "pending",
    actors: ["system"],
    depositRefund: nothing,
    voidsHold: false,
  },
  /**
   * 30 minutes without approval, the client cancelled at the provider, or the provider
   * refused the card: nothing was captured, the time is free again.
   */
  paymentLapsed: {
    from: ["pending_payment"],
    to: "expired",
    actors: ["system"],
    depositRefund: nothing,
    voidsHold: true,
  },
  paymentCancelled: {
    from: ["pending_payment"],
    to: "cancelled",
    actors: ["client", "system"],
    depositRefund: nothing,
    voidsHold: true,
  },
  /** The creator takes the request. No money moves; the hold stays until after the session. */
  accept: {
    from: ["pending"],
    to: "confirmed",
    actors: ["creator"],
    depositRefund: nothing,
    voidsHold: false,
  },
  /** The creator turns the request down: the hold is voided and the deposit refunded in full. */
  decline: {
    from: ["pending"],
    to: "declined",
    actors: ["creator"],
    depositRefund: fullDeposit,
    voidsHold: true,
  },
  /** Unanswered for 24 hours or until the start, whichever is first: void and full refund. */
  requestExpired: {
    from: ["pending"],
    to: "expired",
    actors: ["system"],
    depositRefund: fullDeposit,
    voidsHold: true,
  },
  /** The spec's Cancel on a pending booking (client), or staff: void and full refund. */
  cancelRequest: {
    from: ["pending"],
    to: "cancelled",
    actors: ["client", "staff"],
    depositRefund: fullDeposit,
    voidsHold: true,
  },
  /**
   * Cancelling a confirmed booking, from View Details: the hold is always voided; the
   * deposit is refunded by the cancellation policy (cancellationRefund).
   */
  cancelConfirmed: {
    from: ["confirmed"],
    to: "cancelled",
    actors: ["client", "creator", "staff"],
    depositRefund: (b, actor) => cancellationRefund(b, actor),
    voidsHold: true,
  },
  /**
   * The session ended 24 hours ago and no problem was reported: the remainder was captured
   * (final_capture=true). (settle.ts)
   */
  complete: {
    from: ["confirmed"],
    to: "completed",
    actors: ["system"],
    depositRefund: nothing,
    voidsHold: false,
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The cancellation policy for a confirmed booking. The client: 7 days or more before the start,
 * the deposit back in full; 48 hours to 7 days, half; under 48 hours, nothing. The creator or
 * staff cancelling: always in full.
 */
export function cancellationRefund(b: PolicyInput, actor: Actor): number {
  if (actor !== "client") return b.depositCents;
  const noticeMs = b.startTime.getTime() - b.now.getTime();
  if (noticeMs >= CANCELLATION_POLICY.fullRefundDays * 24 * HOUR_MS) return b.depositCents;
  if (noticeMs >= CANCELLATION_POLICY.halfRefundHours * HOUR_MS)
    return percentOf(b.depositCents, 50);
  return 0;
}

/** The policy in words, shown before anyone confirms a cancellation. */
export const CANCELLATION_POLICY_TEXT = [
  `Cancel ${CANCELLATION_POLICY.fullRefundDays} days or more before the start: the deposit is refunded in full.`,
  `Cancel between ${CANCELLATION_POLICY.halfRefundHours} hours and ${CANCELLATION_POLICY.fullRefundDays} days before: half the deposit is refunded.`,
  `Cancel less than ${CANCELLATION_POLICY.halfRefundHours} hours before: the deposit is not refunded.`,
  "The hold on the remaining balance is always released, and if the creator cancels, the deposit is refunded in full.",
  "A request the creator has not accepted yet can be cancelled for a full refund.",
];

/** The transition a viewer's Cancel takes from the booking's status, if any. */
export function cancelTransition(status: BookingStatus): TransitionName | null {
  if (status === "pending_payment") return "paymentCancelled";
  if (status === "pending") return "cancelRequest";
  if (status === "confirmed") return "cancelConfirmed";
  return null;
}

/**
 * A client reported a problem that staff have not settled yet: the remainder is not captured
 * and the booking does not complete meanwhile.
 */
export const problemOpen = (b: {
  problem_reported_at: Date | null;
  problem_resolved_at: Date | null;
}) => b.problem_reported_at !== null && b.problem_resolved_at === null;

export function mayTake(name: TransitionName, actor: Actor, status: BookingStatus): boolean {
  const t: Transition = TRANSITIONS[name];
  return t.actors.includes(actor) && t.from.includes(status);
}
