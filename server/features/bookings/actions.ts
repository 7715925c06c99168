import type { BookingAction, ResolveProblemRequest } from "../../../contracts/bookings.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { recordStaffAction } from "../staff/audit.ts";
import { createAdminNotification } from "../staff/service.ts";
import { openDeposit, openRemainder } from "./booking-payments.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { cancelTransition, type TransitionName } from "./lifecycle.ts";
import * as q from "./queries.ts";
import { bookingDetail, findForViewer, type Viewer } from "./read.ts";
import { captureAt } from "./remainder-window.ts";
import { announce, applyTransition } from "./transition.ts";
import { actionsFor } from "./view.ts";

// What a party does to a booking from My Bookings or View Details. Each action is offered only
// when actionsFor lists it for the viewer; a request for one that is not answers 409 with the
// booking's current state, and changes nothing.

const STATUS_WORDS: Record<BookingStatus, string> = {
  pending_payment: "awaiting payment",
  pending: "awaiting the creator",
  confirmed: "confirmed",
  completed: "completed",
  declined: "declined",
  cancelled: "cancelled",
  expired: "expired",
};

async function allowed(deps: AppDeps, id: string, viewer: Viewer, action: BookingAction) {
  return offered(deps, await findForViewer(deps, id, viewer), action);
}

/** The booking as read, when the viewer may take `action` on it now; 409 otherwise. */
function offered<F extends Awaited<ReturnType<typeof findForViewer>>>(
  deps: AppDeps,
  found: F,
  action: BookingAction,
): F {
  if (!actionsFor(found.booking, found.role, deps.now()).includes(action)) {
    throw new AppError(
      "conflict",
      `This booking is ${STATUS_WORDS[found.booking.status as BookingStatus]}; it cannot be ${ACTION_WORDS[action]} now.`,
    );
  }
  return found;
}

const ACTION_WORDS: Record<BookingAction, string> = {
  pay: "paid",
  accept: "accepted",
  decline: "declined",
  cancel: "cancelled",
  approve_remainder: "paid",
  report_problem: "reported",
  resolve_problem: "resolved",
};

async function afterChange(deps: AppDeps, id: string, viewer: Viewer) {
  const { booking, role } = await findForViewer(deps, id, viewer);
  return { booking: await bookingDetail(deps, booking, role) };
}

async function take(
  deps: AppDeps,
  id: string,
  viewer: Viewer,
  action: BookingAction,
  transition: (status: BookingStatus) => TransitionName | null,
  note: string | null,
) {
  const { booking, role } = await allowed(deps, id, viewer, action);
  const name = transition(booking.status as BookingStatus);
  if (!name) throw new AppError("conflict", "This booking cannot be changed now.");
  const moved = await deps.database.db.transaction().execute(async (trx) => {
    const ok = await applyTransition(
      deps,
      booking,
      name,
      { role, userId: viewer.userId },
      { note, trx },
    );
    if (ok && role === "staff") {
      await recordStaffAction(
        trx,
        {
          actorUserId: viewer.userId,
          action: `booking.${action}`,
          targetType: "booking",
          targetId: id,
          reason: note,
          details: { from: booking.status },
        },
        deps.now(),
      );
    }
    if (ok && name === "accept") {
      await deps.jobs.send(
        BOOKING_JOBS.complete,
        { bookingId: id },
        { executor: trx, startAfter: captureAt(booking.end_time) },
      );
    }
    return ok;
  });
  if (!moved) {
    throw new AppError(
      "conflict",
      "This booking changed in the meantime. Reload to see where it stands.",
    );
  }
  return afterChange(deps, id, viewer);
}

export const acceptBooking = (deps: AppDeps, id: string, viewer: Viewer) =>
  take(deps, id, viewer, "accept", () => "accept", null);

export const declineBooking = (deps: AppDeps, id: string, viewer: Viewer) =>
  take(deps, id, viewer, "decline", () => "decline", null);

export const cancelBooking = (deps: AppDeps, id: string, viewer: Viewer, reason: string | null) =>
  take(deps, id, viewer, "cancel", cancelTransition, reason);

/** The client reports a problem with the session: the remainder is not captured; staff look. */
export async function reportProblem(
  deps: AppDeps,
  id: string,
  viewer: Viewer,
  description: string,
) {
  const { booking } = await allowed(deps, id, viewer, "report_problem");
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    const patched = await q.patchBooking(trx, id, ["confirmed"], { problem_reported_at: now }, now);
    if (!patched) throw new AppError("conflict", "This booking changed in the meantime.");
    await q.insertBookingEvent(trx, {
      bookingId: id,
      from: "confirmed",
      to: "confirmed",
      actor: "client",
      actorUserId: viewer.userId,
      note: `Problem reported: ${description}`,
      at: now,
    });
    await createAdminNotification(
      deps,
      {
        kind: "booking_problem",
        title: "A client reported a problem with a session",
        body: `${booking.client_name} about ${booking.creator_name}: ${description.slice(0, 200)}`,
        link: `/bookings/${id}`,
      },
      trx,
    );
    await announce(deps, booking, "confirmed", trx);
  });
  return afterChange(deps, id, viewer);
}

/** The deposit's approval link: the live order while PayPal still takes it, else a new one. */
export async function payBooking(deps: AppDeps, id: string, viewer: Viewer) {
  const { booking } = await allowed(deps, id, viewer, "pay");
  const order = await openDeposit(deps, booking);
  return { ...(await afterChange(deps, id, viewer)), order };
}

/** The remaining balance's approval link, made when the client is about to open it. */
export async function approveRemainder(deps: AppDeps, id: string, viewer: Viewer) {
  const { booking } = await allowed(deps, id, viewer, "approve_remainder");
  const order = await openRemainder(deps, booking);
  return { ...(await afterChange(deps, id, viewer)), order };
}

/**
 * Staff settle a problem the client reported: `complete` lets the session complete (the
 * remainder is captured now, or at its usual time if that is still ahead); `refund` cancels
 * the booking with the deposit refunded in full and the hold released. Marked settled first,
 * under the same condition, so two members of staff never settle it both ways; the same
 * request again answers the booking as it is.
 */
export async function resolveProblem(
  deps: AppDeps,
  id: string,
  viewer: Viewer,
  { outcome, resolution }: ResolveProblemRequest,
) {
  const found = await findForViewer(deps, id, viewer);
  if (found.booking.problem_resolved_at && found.booking.problem_outcome === outcome) {
    return afterChange(deps, id, viewer);
  }
  const { booking, role } = offered(deps, found, "resolve_problem");
  const now = deps.now();
  const note = `Problem resolved: ${resolution}`;
  const settled = await deps.database.db.transaction().execute(async (trx) => {
    const marked = await q.settleProblem(trx, id, { outcome, resolution, by: viewer.userId }, now);
    if (!marked) return false;
    await recordStaffAction(
      trx,
      {
        actorUserId: viewer.userId,
        action: "booking.resolve_problem",
        targetType: "booking",
        targetId: id,
        reason: resolution,
        details: { outcome },
      },
      now,
    );
    if (outcome === "refund") {
      const actor = { role, userId: viewer.userId };
      if (!(await applyTransition(deps, booking, "cancelConfirmed", actor, { note, trx }))) {
        throw new AppError("conflict", "This booking changed in the meantime.");
      }
      return true;
    }
    await q.insertBookingEvent(trx, {
      bookingId: id,
      from: "confirmed",
      to: "confirmed",
      actor: "staff",
      actorUserId: viewer.userId,
      note,
      at: now,
    });
    await deps.jobs.send(BOOKING_JOBS.complete, { bookingId: id }, { executor: trx });
    return true;
  });
  if (!settled) {
    throw new AppError(
      "conflict",
      "This booking changed in the meantime. Reload to see where it stands.",
    );
  }
  return afterChange(deps, id, viewer);
}
