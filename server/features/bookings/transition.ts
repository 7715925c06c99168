import type { Kysely } from "kysely";
import type { BookingStatus } from "../../../contracts/enums.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { notify } from "../notifications/notify.ts";
import { moneyOfBooking, requestSettlement } from "../payments/service.ts";
import { type Actor, ENDED_STATUSES, TRANSITIONS, type TransitionName } from "./lifecycle.ts";
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
    const skip = actor.role === "client" || actor.role === "creator" ? actor.role : null;
    for (const mail of transitionMails(name, booking, skip, refund, siteOrigin(deps.config))) {
      await deps.mailer.send(mail, trx);
    }
    await runTransitionSubscribers(deps, trx, {
      booking,
      name,
      actor: actor.role,
      depositRefundCents: refund,
      now,
    });
    await announce(deps, booking, t.to, trx);
    for (const n of transitionNotifications(name, booking, actor.role, refund))
      await notify(deps, n, trx);
    return true;
  };
  return options.trx ? run(options.trx) : deps.database.db.transaction().execute(run);
}
