import type { Kysely } from "kysely";
import { bookingPagePath } from "../../../contracts/bookings.ts";
import { BOOKING_TIMINGS } from "../../../contracts/constants.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { notify } from "../notifications/notify.ts";
import {
  browserOrder,
  canHold,
  onBookingSettled,
  openOrder,
  openPreparedOrder,
  type PaymentOrderRow,
  type PurposeHandlers,
  prepareOrder,
  registerPurpose,
} from "../payments/service.ts";
import { createAdminNotification } from "../staff/service.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { ENDED_STATUSES } from "./lifecycle.ts";
import { sessionWhen } from "./mails.ts";
import {
  refundNotification,
  remainderDueNotification,
  remainderSecuredNotification,
} from "./notifications.ts";
import * as q from "./queries.ts";
import { captureAt, remainderDue } from "./remainder-window.ts";
import { announce, applyTransition } from "./transition.ts";

// A booking's two payments through the payments domain (docs/decisions/021): the deposit,
// charged when the client books, and the remaining balance, approved by the client in the days
// before the session. This file opens their orders and is told — through the handlers it
// registers at start-up — what became of them.

const system = { role: "system" as const, userId: null };
const LIVE: readonly BookingStatus[] = ["pending", "confirmed"];

const depositRow = (b: q.BookingWithParties) => ({
  purpose: "booking_deposit" as const,
  subjectId: b.id,
  bookingId: b.id,
  amountCents: b.deposit_amount_cents,
  currency: b.currency,
});

/** The deposit's order row, written in the transaction that makes the booking. */
export const prepareDeposit = (deps: AppDeps, trx: Kysely<DB>, b: q.BookingWithParties) =>
  prepareOrder(deps, trx, depositRow(b));

const depositDescription = (b: q.BookingWithParties) =>
  `Deposit: ${b.creator_name}, ${b.event_type ?? "Session"}, ${sessionWhen(b)}`;

const noteOrderId = (deps: AppDeps, db: Kysely<DB>, bookingId: string, orderId: string) =>
  q.patchBooking(db, bookingId, ["pending_payment"], { paypal_order_id: orderId }, deps.now());

/**
 * The deposit's order for an unpaid booking: created at the provider now (the row the booking
 * was made with, or a new attempt), or the live one reused. The booking notes the provider's
 * order id in the transaction that records the provider's answer.
 */
export async function openDeposit(deps: AppDeps, b: q.BookingWithParties) {
  const order = await openOrder(deps, {
    ...depositRow(b),
    description: depositDescription(b),
    noteCreated: q.noteDepositOrder(b.id, deps.now()),
  });
  // A live order another request (or an older release) created without noting it.
  if (!order.noted && order.provider_order_id && order.provider_order_id !== b.paypal_order_id) {
    await noteOrderId(deps, deps.database.db, b.id, order.provider_order_id);
  }
  return browserOrder(order);
}

/**
 * openDeposit for a booking made just now with its order row (`prepareDeposit`): the row goes
 * straight to the provider. Answers the browser's order and whether the booking noted its id
 * (false: the booking had moved on meanwhile).
 */
export async function openPreparedDeposit(
  deps: AppDeps,
  b: q.BookingWithParties,
  row: PaymentOrderRow,
) {
  const order = await openPreparedOrder(deps, row, {
    ...depositRow(b),
    description: depositDescription(b),
    noteCreated: q.noteDepositOrder(b.id, deps.now()),
  });
  return { order: browserOrder(order), noted: order.noted === true };
}

/** The balance's order, opened when the client is about to approve it. */
export async function openRemainder(deps: AppDeps, b: q.BookingWithParties) {
  if (!remainderDue(b, deps.now())) {
    throw new AppError("conflict", "The remaining balance cannot be approved now.");
  }
  const order = await openOrder(deps, {
    purpose: "booking_remainder",
    subjectId: b.id,
    bookingId: b.id,
    amountCents: b.remainder_cents,
    currency: b.currency,
    description: `Remaining balance: ${b.creator_name}, ${sessionWhen(b)}`,
  });
  return browserOrder(order);
}

async function bookingOf(trx: Kysely<DB>, order: PaymentOrderRow) {
  return q.findBooking(trx, order.booking_id ?? order.subject_id);
}

async function noteOnBooking(
  deps: AppDeps,
  trx: Kysely<DB>,
  b: q.BookingWithParties,
  note: string,
  patch: q.BookingPatch = {},
) {
  const status = b.status as BookingStatus;
  const now = deps.now();
  const patched = await q.patchBooking(trx, b.id, [status], patch, now);
  if (!patched) return false;
  await q.insertBookingEvent(trx, {
    bookingId: b.id,
    from: status,
    to: status,
    actor: "system",
    actorUserId: null,
    note,
    at: now,
  });
  await announce(deps, b, status, trx);
  return true;
}

const returnPath: PurposeHandlers["returnPath"] = (order, outcome) =>
  `${bookingPagePath(order.booking_id ?? order.subject_id)}?payment=${outcome}`;

async function tellStaff(
  deps: AppDeps,
  trx: Kysely<DB>,
  b: q.BookingWithParties,
  title: string,
  body: string,
) {
  await createAdminNotification(
    deps,
    { kind: "payment_problem", title, body, link: `/bookings/${b.id}` },
    trx,
  );
}

function depositHandlers(deps: AppDeps): PurposeHandlers {
  return {
    async secured(trx, order) {
      const b = await bookingOf(trx, order);
      if (b?.status !== "pending_payment") return false;
      const now = deps.now();
      const respondBy = new Date(
        Math.min(
          now.getTime() + BOOKING_TIMINGS.responseWindowHours * 60 * 60 * 1000,
          b.start_time.getTime(),
        ),
      );
      const moved = await applyTransition(deps, b, "paid", system, {
        note: "Deposit charged",
        patch: {
          respond_by: respondBy,
          remainder_state: b.remainder_cents > 0 ? "awaiting" : "none",
        },
        trx,
      });
      return moved;
    },
    async processing(trx, order) {
      const b = await bookingOf(trx, order);
      // Neither paid nor refused yet: the booking waits for PayPal, past its 30 minutes if need be.
      if (b)
        await noteOnBooking(deps, trx, b, "PayPal is processing the deposit", { pay_by: null });
    },
    async needsBuyer(trx, order) {
      const b = await bookingOf(trx, order);
      if (b)
        await noteOnBooking(
          deps,
          trx,
          b,
          "PayPal declined the funding source; the client can choose another",
        );
    },
    async failed(trx, order, why) {
      const b = await bookingOf(trx, order);
      if (b?.status !== "pending_payment") return;
      // The client may pay again with a new order until the booking's payment window closes.
      const payBy =
        b.pay_by ?? new Date(deps.now().getTime() + BOOKING_TIMINGS.paymentWindowMinutes * 60_000);
      await noteOnBooking(deps, trx, b, `The deposit was not charged: ${why}`, { pay_by: payBy });
      await deps.jobs.send(
        BOOKING_JOBS.expirePayment,
        { bookingId: b.id },
        { executor: trx, startAfter: payBy },
      );
    },
    async collected() {},
    async takenBack(trx, order, amountCents, why) {
      const b = await bookingOf(trx, order);
      if (!b) return;
      await tellStaff(
        deps,
        trx,
        b,
        "A payment was taken back",
        `${amountCents} cents of the deposit for booking ${b.id} were ${why}.`,
      );
      if (LIVE.includes(b.status as BookingStatus)) {
        await applyTransition(deps, b, "paymentWithdrawn", system, {
          note: `The deposit was ${why}`,
          trx,
        });
      } else {
        await noteOnBooking(deps, trx, b, `${amountCents} cents of the deposit were ${why}`);
      }
    },
    returnPath,
  };
}

function remainderHandlers(deps: AppDeps): PurposeHandlers {
  return {
    async secured(trx, order) {
      const b = await bookingOf(trx, order);
      if (!b || !LIVE.includes(b.status as BookingStatus)) return false;
      const held = order.status === "authorized";
      const ok = await noteOnBooking(
        deps,
        trx,
        b,
        held
          ? "The client approved the remaining balance (held until after the session)"
          : "The client paid the remaining balance",
        { remainder_state: held ? "held" : "paid" },
      );
      if (!ok) return false;
      await notify(deps, remainderSecuredNotification(b), trx);
      // Approved again after a refused capture, once the session is over: collect it now.
      if (b.status === "confirmed" && captureAt(b.end_time) <= deps.now()) {
        await deps.jobs.send(BOOKING_JOBS.complete, { bookingId: b.id }, { executor: trx });
      }
      return true;
    },
    async processing(trx, order) {
      const b = await bookingOf(trx, order);
      if (b)
        await noteOnBooking(deps, trx, b, "PayPal is processing the remaining balance", {
          remainder_state: "processing",
        });
    },
    async needsBuyer(trx, order) {
      const b = await bookingOf(trx, order);
      if (b)
        await noteOnBooking(
          deps,
          trx,
          b,
          "PayPal declined the funding source for the balance; the client can choose another",
        );
    },
    async failed(trx, order, why) {
      const b = await bookingOf(trx, order);
      if (!b || !LIVE.includes(b.status as BookingStatus)) return;
      // The client approves it again (a new order) within the window; the deadline still holds.
      await noteOnBooking(deps, trx, b, `The remaining balance was not secured: ${why}`, {
        remainder_state: "awaiting",
      });
      await notify(deps, remainderDueNotification(b, true), trx);
      if (captureAt(b.end_time) <= deps.now()) {
        await tellStaff(
          deps,
          trx,
          b,
          "A balance could not be collected",
          `The remaining balance of booking ${b.id} was refused after the session (${why}); the client is asked to approve it again.`,
        );
        await deps.jobs.send(
          BOOKING_JOBS.remainderDeadline,
          { bookingId: b.id },
          { executor: trx, startAfter: remainderDueByAfter(b) },
        );
      }
    },
    async collected(trx, order) {
      const b = await bookingOf(trx, order);
      if (b?.status !== "confirmed") return;
      await applyTransition(deps, b, "complete", system, {
        note: "Remaining balance captured after the session",
        patch: { remainder_state: "paid", completed_at: deps.now() },
        trx,
      });
    },
    async takenBack(trx, order, amountCents, why) {
      const b = await bookingOf(trx, order);
      if (!b) return;
      await tellStaff(
        deps,
        trx,
        b,
        "A payment was taken back",
        `${amountCents} cents of the balance for booking ${b.id} were ${why}.`,
      );
      await noteOnBooking(
        deps,
        trx,
        b,
        `${amountCents} cents of the remaining balance were ${why}`,
      );
    },
    returnPath,
  };
}

/** After a refused capture, the balance may be approved again until a few days after the session. */
function remainderDueByAfter(b: q.BookingWithParties) {
  return new Date(captureAt(b.end_time).getTime() + 3 * 24 * 60 * 60 * 1000);
}

/** Wires the booking purposes into the payments domain (server/domain-wiring.ts). */
export function registerBookingPayments(deps: AppDeps) {
  registerPurpose(deps, "booking_deposit", depositHandlers(deps));
  registerPurpose(deps, "booking_remainder", remainderHandlers(deps));
  onBookingSettled(deps, async (d, bookingId, refundedCents) => {
    const b = await q.findBooking(d.database.db, bookingId);
    if (!b || !ENDED_STATUSES.includes(b.status as BookingStatus)) return;
    await d.database.db.transaction().execute(async (trx) => {
      await announce(d, b, b.status as BookingStatus, trx);
      if (refundedCents > 0) await notify(d, refundNotification(b, refundedCents), trx);
    });
  });
}

/** Whether a booking's balance is taken as a hold (else charged at approval). */
export const remainderIsHeld = (deps: AppDeps) => canHold(deps);
