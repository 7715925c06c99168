import { percentOf } from "../../../contracts/booking-pricing.ts";
import { CANCELLATION_POLICY } from "../../../contracts/constants.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";

// The booking lifecycle (shared/DESIGN.md, docs/decisions/017 and 021) in one place. Each
// transition says who may take it, from which states and what happens to the money. Every
// transition is one conditional update (`where status in from`), a booking_events row with its
// actor, a booking_changed event to both parties and a mail to the other party, all in one
// transaction; a transition that ends the booking also queues its settlement with the payments
// domain (holds released, the deposit refunded by the policy, a balance already charged refunded
// in full), which moves the money afterwards with request ids that make a retry harmless.

export type Actor = "client" | "creator" | "staff" | "system";

export type Transition = {
  from: readonly BookingStatus[];
  to: BookingStatus;
  actors: readonly Actor[];
  /** The refund of the captured deposit this transition owes, in cents. */
  depositRefund: (booking: PolicyInput, actor: Actor) => number;
};

/** Where a booking ends: its holds are released and its settlement paid. */
export const ENDED_STATUSES: readonly BookingStatus[] = ["declined", "cancelled", "expired"];

export type PolicyInput = { depositCents: number; startTime: Date; now: Date };

const nothing = () => 0;
const fullDeposit = (b: PolicyInput) => b.depositCents;

export const TRANSITIONS = {
  /**
   * The client approved the deposit's order at the provider and it was captured. Mails the
   * creator a new request to answer. (payment-handlers.ts)
   */
  paid: {
    from: ["pending_payment"],
    to: "pending",
    actors: ["system"],
    depositRefund: nothing,
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
  },
  paymentCancelled: {
    from: ["pending_payment"],
    to: "cancelled",
    actors: ["client", "system"],
    depositRefund: nothing,
  },
  /** The creator takes the request. No money moves. */
  accept: {
    from: ["pending"],
    to: "confirmed",
    actors: ["creator"],
    depositRefund: nothing,
  },
  /** The creator turns the request down: the deposit is refunded in full. */
  decline: {
    from: ["pending"],
    to: "declined",
    actors: ["creator"],
    depositRefund: fullDeposit,
  },
  /** Unanswered for 24 hours or until the start, whichever is first: full refund. */
  requestExpired: {
    from: ["pending"],
    to: "expired",
    actors: ["system"],
    depositRefund: fullDeposit,
  },
  /** The spec's Cancel on a pending booking (client), or staff: full refund. */
  cancelRequest: {
    from: ["pending"],
    to: "cancelled",
    actors: ["client", "staff"],
    depositRefund: fullDeposit,
  },
  /**
   * Cancelling a confirmed booking, from View Details: the deposit is refunded by the
   * cancellation policy (cancellationRefund); the balance, held or charged, goes back in full.
   */
  cancelConfirmed: {
    from: ["confirmed"],
    to: "cancelled",
    actors: ["client", "creator", "staff"],
    depositRefund: (b, actor) => cancellationRefund(b, actor),
  },
  /**
   * The session is about to start and the client never approved the remaining balance: the
   * booking is cancelled as the client's cancellation at that notice (under 48 hours: the
   * deposit is kept), as the booking's mails and page said it would be.
   */
  remainderMissed: {
    from: ["confirmed"],
    to: "cancelled",
    actors: ["system"],
    depositRefund: (b) => cancellationRefund(b, "client"),
  },
  /**
   * PayPal took the deposit back (a reversal or chargeback), or a hail's payment was refused
   * when its creator accepted: the session does not go ahead. The client ends with the whole
   * deposit back: what PayPal took back counts, so only what it left (a partial reversal) is
   * refunded on top.
   */
  paymentWithdrawn: {
    from: ["pending", "confirmed"],
    to: "cancelled",
    actors: ["system"],
    depositRefund: fullDeposit,
  },
  /**
   * The session ended 24 hours ago and no problem was reported: the balance is collected
   * (captured once, if it was held). (settle.ts)
   */
  complete: {
    from: ["confirmed"],
    to: "completed",
    actors: ["system"],
    depositRefund: nothing,
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

/**
 * How a booking begins: also lifecycle steps, each with who takes it and where it lands. A
 * booking exists only through one of these (transition.ts: beginBooking).
 */
export const BEGINNINGS = {
  /** A client books a creator: the time is held while the deposit is paid. (create.ts) */
  requested: { to: "pending_payment", actors: ["client"] },
  /** A creator accepts a client's hail: confirmed at once, paid from the hail's order. */
  hailAccepted: { to: "confirmed", actors: ["creator"] },
} as const satisfies Record<string, { to: BookingStatus; actors: readonly Actor[] }>;

export type BeginningName = keyof typeof BEGINNINGS;

/** Any step of the lifecycle: a beginning or a transition. */
export type LifecycleStep = BeginningName | TransitionName;

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
  "The remaining balance is always released (or refunded, if it was already charged), and if the creator cancels, the deposit is refunded in full.",
  "The remaining balance must be approved before the session starts; a booking whose balance is not approved by then is cancelled as a late cancellation.",
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
