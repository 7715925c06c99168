import type {
  BookingAction,
  BookingCard,
  BookingDetail,
  BookingRole,
  ProblemOutcome,
  RemainderState,
} from "../../../contracts/bookings.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import type { moneyOfBooking } from "../payments/service.ts";
import {
  type Actor,
  CANCELLATION_POLICY_TEXT,
  cancelTransition,
  mayTake,
  problemOpen,
  TRANSITIONS,
} from "./lifecycle.ts";
import type { BookingWithParties, listBookingEvents } from "./queries.ts";
import { remainderDue, remainderDueBy, remainderOpensAt } from "./remainder-window.ts";

// Booking rows → the wire shapes, with the actions the viewer may take.

type EventRow = Awaited<ReturnType<typeof listBookingEvents>>[number];
type Money = Awaited<ReturnType<typeof moneyOfBooking>>;

/** Which party the user is on this booking, or null (staff, or a stranger). */
export function roleOf(booking: BookingWithParties, userId: string): BookingRole | null {
  if (booking.client_user_id === userId) return "client";
  if (booking.creator_user_id === userId) return "creator";
  return null;
}

export function actionsFor(
  booking: BookingWithParties,
  role: BookingRole,
  now: Date,
): BookingAction[] {
  const status = booking.status as BookingStatus;
  const actor: Actor = role;
  const actions: BookingAction[] = [];
  if (role === "client" && status === "pending_payment" && booking.pay_by) actions.push("pay");
  if (mayTake("accept", actor, status)) actions.push("accept");
  if (mayTake("decline", actor, status)) actions.push("decline");
  const cancel = cancelTransition(status);
  // The cancellation policy speaks of notice before the start. Once a confirmed session has
  // begun the client reports a problem instead, and once it has ended nobody cancels: that
  // would void the hold on the remainder of a session that took place, and could race the
  // completion job's capture of it.
  const started = booking.start_time <= now;
  const ended = booking.end_time <= now;
  const tooLate = status === "confirmed" && (ended || (role === "client" && started));
  if (cancel && mayTake(cancel, actor, status) && !tooLate) actions.push("cancel");
  if (role === "client" && remainderDue(booking, now)) actions.push("approve_remainder");
  if (
    role === "client" &&
    status === "confirmed" &&
    booking.start_time <= now &&
    !booking.problem_reported_at
  ) {
    actions.push("report_problem");
  }
  if (role === "staff" && status === "confirmed" && problemOpen(booking)) {
    actions.push("resolve_problem");
  }
  return actions;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCard(booking: BookingWithParties, role: BookingRole, now: Date): BookingCard {
  const status = booking.status as BookingStatus;
  return {
    id: booking.id,
    status,
    viewerRole: role,
    creator: {
      id: booking.creator_profile_id,
      name: booking.creator_name,
      imageKey: booking.creator_image,
    },
    clientName: booking.client_name,
    eventType: booking.event_type ?? "Session",
    startTime: booking.start_time.toISOString(),
    endTime: booking.end_time.toISOString(),
    timeZone: booking.time_zone,
    location: booking.location,
    totalCents: booking.total_amount_cents,
    currency: booking.currency,
    respondBy: status === "pending" ? iso(booking.respond_by) : null,
    payBy: status === "pending_payment" ? iso(booking.pay_by) : null,
    remainderState: booking.remainder_state as RemainderState,
    actions: actionsFor(booking, role, now),
    // Filled in for the viewer by card-extras.ts.
    creatorEarnings: null,
    afterSession: null,
  };
}

export function toDetail(
  booking: BookingWithParties,
  role: BookingRole,
  events: EventRow[],
  money: Money,
  now: Date,
  remainderMode: "hold" | "charge",
): BookingDetail {
  const card = toCard(booking, role, now);
  const status = booking.status as BookingStatus;
  const depositPaidCents = money.depositCaptured;
  const cancel = cancelTransition(status);
  const refundNowCents =
    cancel && card.actions.includes("cancel")
      ? Math.min(
          depositPaidCents,
          TRANSITIONS[cancel].depositRefund(
            { depositCents: depositPaidCents, startTime: booking.start_time, now },
            role,
          ),
        )
      : null;

  return {
    ...card,
    hours: booking.duration_minutes / 60,
    notes: booking.notes,
    hourlyRateCents: booking.hourly_rate_cents,
    subtotalCents: booking.subtotal_cents,
    feeCents: booking.fee_cents,
    depositCents: booking.deposit_amount_cents,
    remainderCents: booking.remainder_cents,
    payment: {
      depositPaidCents,
      remainderCapturedCents: money.remainderCaptured,
      refundedCents: money.depositRefunded + money.remainderRefunded,
      refundDueCents: booking.deposit_refund_cents ?? 0,
      holdCents: booking.remainder_state === "held" ? booking.remainder_cents : 0,
      netPaidCents: money.netPaid,
    },
    remainder: {
      opensAt: remainderOpensAt(booking).toISOString(),
      dueBy: remainderDueBy(booking, now).toISOString(),
      mode: remainderMode,
    },
    problemReportedAt: iso(booking.problem_reported_at),
    problemResolution:
      booking.problem_resolved_at && booking.problem_outcome && booking.problem_resolution
        ? {
            at: booking.problem_resolved_at.toISOString(),
            outcome: booking.problem_outcome as ProblemOutcome,
            text: booking.problem_resolution,
          }
        : null,
    ledger: money.lines.map((l) => ({
      kind: l.kind as BookingDetail["ledger"][number]["kind"],
      amountCents: l.amount_cents,
      status: l.status,
      at: l.created_at.toISOString(),
    })),
    timeline: events.map((e) => ({
      fromStatus: (e.from_status as BookingStatus | null) ?? null,
      toStatus: e.to_status as BookingStatus,
      actor: e.actor_role as Actor,
      note: e.note,
      at: e.created_at.toISOString(),
    })),
    cancellation: { policy: CANCELLATION_POLICY_TEXT, refundNowCents },
  };
}
