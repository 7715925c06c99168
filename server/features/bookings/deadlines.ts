import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { notify } from "../notifications/notify.ts";
import { collect, completeOrder, liveOrder } from "../payments/service.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { problemOpen } from "./lifecycle.ts";
import { remainderDueMail } from "./mails.ts";
import { remainderDueNotification } from "./notifications.ts";
import * as q from "./queries.ts";
import { captureAt, remainderDue, remainderDueBy } from "./remainder-window.ts";
import { applyTransition } from "./transition.ts";

// A booking's deadlines, run by jobs at their times (and by the sweep for any whose job was
// lost). Each re-reads the booking and its deadline against the queue's clock, so an early,
// late or repeated run changes nothing it should not.

const system = { role: "system" as const, userId: null };

/** An unpaid booking's 30 minutes are up: complete it if the client did pay, else expire it. */
export async function expireUnpaid(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (b?.status !== "pending_payment") return;
  // PayPal is still processing the deposit (pay_by cleared): neither paid nor refused yet.
  if (!b.pay_by) return;
  if (now < b.pay_by) {
    await deps.jobs.send(BOOKING_JOBS.expirePayment, { bookingId }, { startAfter: b.pay_by });
    return;
  }
  const order = await liveOrder(deps.database.db, "booking_deposit", b.id);
  if (order) {
    // The client may have approved without our hearing of it.
    await completeOrder(deps, order);
    const after = await q.findBooking(deps.database.db, bookingId);
    if (after?.status !== "pending_payment" || !after.pay_by) return;
  }
  await applyTransition(deps, b, "paymentLapsed", system, { note: "Not paid within 30 minutes" });
}

/** A request unanswered for 24 hours, or until its start: full refund. */
export async function expireUnanswered(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (b?.status !== "pending") return;
  if (b.respond_by && now < b.respond_by) {
    await deps.jobs.send(BOOKING_JOBS.expireRequest, { bookingId }, { startAfter: b.respond_by });
    return;
  }
  await applyTransition(deps, b, "requestExpired", system, {
    note: "The creator did not answer in time",
  });
}

/** The balance can be approved: the client is reminded (at the window's opening, and later). */
export async function remindRemainder(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (!b || !remainderDue(b, now)) return;
  await deps.database.db.transaction().execute(async (trx) => {
    await deps.mailer.send(
      remainderDueMail(b, siteOrigin(deps.config), remainderDueBy(b, now)),
      trx,
    );
    await notify(deps, remainderDueNotification(b, false), trx);
  });
}

/**
 * The balance's deadline. Before the session: a confirmed booking whose balance was never
 * approved is cancelled as the client's late cancellation. After it (a refused capture that
 * was not approved again): the balance is marked unpaid for staff to follow up.
 */
export async function remainderDeadline(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (b?.status !== "confirmed" || b.remainder_state !== "awaiting") return;
  const dueBy = remainderDueBy(b, now);
  if (now < b.start_time) {
    await deps.jobs.send(
      BOOKING_JOBS.remainderDeadline,
      { bookingId },
      { startAfter: b.start_time },
    );
    return;
  }
  if (now < captureAt(b.end_time)) {
    await applyTransition(deps, b, "remainderMissed", system, {
      note: "The remaining balance was not approved before the session",
    });
    return;
  }
  if (now < dueBy) {
    await deps.jobs.send(BOOKING_JOBS.remainderDeadline, { bookingId }, { startAfter: dueBy });
    return;
  }
  await q.patchBooking(deps.database.db, b.id, ["confirmed"], { remainder_state: "unpaid" }, now);
}

/** 24 hours after the session, unless a problem was reported: collect the balance, complete. */
export async function completeSession(deps: AppDeps, bookingId: string, now: Date) {
  const b = await q.findBooking(deps.database.db, bookingId);
  if (b?.status !== "confirmed" || problemOpen(b)) return;
  const capture = captureAt(b.end_time);
  if (now < capture) {
    await deps.jobs.send(BOOKING_JOBS.complete, { bookingId }, { startAfter: capture });
    return;
  }
  const state = b.remainder_state as string;
  if (state === "none" || state === "paid") {
    await applyTransition(deps, b, "complete", system, {
      note: "The session took place",
      patch: { completed_at: now },
    });
    return;
  }
  if (state !== "held") return;
  const order = await liveOrder(deps.database.db, "booking_remainder", b.id);
  // The payments domain tells bookings the outcome (booking-payments.ts: collected / failed).
  if (order) await collect(deps, order.id, { amountCents: b.remainder_cents });
}
