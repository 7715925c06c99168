import type { Kysely } from "kysely";
import type { BookingStatus } from "../../../contracts/enums.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { notify } from "../notifications/notify.ts";
import { moneyOfBooking, requestSettlement } from "../payments/service.ts";
import {
  type Actor,
  BEGINNINGS,
  type BeginningName,
  ENDED_STATUSES,
  TRANSITIONS,
  type TransitionName,
} from "./lifecycle.ts";
import { sendStepJobs } from "./lifecycle-effects.ts";
import { transitionMails } from "./mails.ts";
import { transitionNotifications } from "./notifications.ts";
import * as q from "./queries.ts";
import { runTransitionSubscribers } from "./transition-subscribers.ts";

export type ActorRef = { role: Actor; userId: string | null };

/** Tells both parties' open pages that the booking changed (in the caller's transaction). */
export async function announce(
  deps: AppDeps,
  booking: Pick<q.BookingWithParties, "id" | "client_user_id" | "creator_user_id">,
  status: BookingStatus,
  trx: Kysely<DB>,
) {
  for (const userId of [booking.client_user_id, booking.creator_user_id]) {
    await deps.realtime.publish(
      REALTIME_TOPICS.bookings,
      { id: booking.id, status },
      { userId },
      trx,
    );
  }
}

/** A balance that was due, held or charged is released when the booking ends. */
const RELEASED_BY_ENDING = new Set(["awaiting", "processing", "held", "paid"]);

/**
 * Takes transition `name` for `actor`, if the booking is still in one of its `from` states:
 * one conditional update, its booking_events row, the mails, the live event, the parties'
 * notifications, the subscribed domains' consequences and — when it ends the booking — its
 * settlement, all committed together. Answers false when the booking had already moved on
 * (someone else was first), and changes nothing then.
 */
export async function applyTransition(
  deps: AppDeps,
  booking: q.BookingWithParties,
  name: TransitionName,
  actor: ActorRef,
  options: { note?: string | null; patch?: q.BookingPatch; trx?: Kysely<DB> } = {},
): Promise<boolean> {
  const t = TRANSITIONS[name];
  const now = deps.now();
  const ends = ENDED_STATUSES.includes(t.to);
  const run = async (trx: Kysely<DB>) => {
    const money = ends ? await moneyOfBooking(trx, booking.id) : null;
    const depositPaid = money ? money.depositCaptured - money.depositRefunded : 0;
    const refund = Math.min(
      depositPaid,
      t.depositRefund(
        { depositCents: depositPaid, startTime: booking.start_time, now },
        actor.role,
      ),
    );
    const moved = await q.transitionBooking(
      trx,
      booking.id,
      t.from,
      t.to,
      {
        ...options.patch,
        ...(t.to === "cancelled" && actor.role !== "system" ? { cancelled_by: actor.role } : {}),
        ...(refund > 0 ? { deposit_refund_cents: refund } : {}),
        ...(ends && RELEASED_BY_ENDING.has(booking.remainder_state)
          ? { remainder_state: "released" }
          : {}),
      },
      now,
    );
    if (!moved) return false;
    await q.insertBookingEvent(trx, {
      bookingId: booking.id,
      from: booking.status as BookingStatus,
      to: t.to,
      actor: actor.role,
      actorUserId: actor.userId,
      note: options.note ?? null,
      at: now,
    });
    if (ends) {
      await requestSettlement(deps, trx, {
        bookingId: booking.id,
        depositRefundCents: refund,
        refundRemainder: true,
      });
    }
    const after = (await q.findBooking(trx, booking.id)) ?? booking;
    await sendStepJobs(deps, trx, name, after);
    await tellParties(deps, trx, { step: name, booking, actor, refund, to: t.to, now });
    return true;
  };
  return options.trx ? run(options.trx) : deps.realtime.transaction(run);
}

/** A step's mails, subscribers, live event and notifications (in its transaction). */
async function tellParties(
  deps: AppDeps,
  trx: Kysely<DB>,
  step: {
    step: TransitionName | BeginningName;
    booking: q.BookingWithParties;
    actor: ActorRef;
    refund: number;
    to: BookingStatus;
    now: Date;
  },
) {
  const { booking, actor, refund } = step;
  const skip = actor.role === "client" || actor.role === "creator" ? actor.role : null;
  for (const mail of transitionMails(step.step, booking, skip, refund, siteOrigin(deps.config))) {
    await deps.mailer.send(mail, trx);
  }
  await runTransitionSubscribers(deps, trx, {
    booking,
    name: step.step,
    actor: actor.role,
    depositRefundCents: refund,
    now: step.now,
  });
  await announce(deps, booking, step.to, trx);
  for (const n of transitionNotifications(step.step, booking, actor.role, refund)) {
    await notify(deps, n, trx);
  }
}

/**
 * Begins a booking by step `name` (lifecycle.ts BEGINNINGS), in the caller's transaction: the
 * row in the step's state, its booking_events row (null → state), the step's jobs, mails,
 * subscribers, live event and notifications. The overlap constraint (23P01) is the caller's
 * to answer.
 */
export async function beginBooking(
  deps: AppDeps,
  trx: Kysely<DB>,
  name: BeginningName,
  values: q.NewBooking & { id?: string },
  actor: ActorRef,
  note: string | null = null,
): Promise<q.BookingWithParties> {
  const begin = BEGINNINGS[name];
  const now = deps.now();
  const booking = await q.insertBooking(
    trx,
    { ...values, status: begin.to },
    { actor: actor.role, actorUserId: actor.userId, note, at: now },
  );
  await sendStepJobs(deps, trx, name, booking);
  await tellParties(deps, trx, { step: name, booking, actor, refund: 0, to: begin.to, now });
  return booking;
}
