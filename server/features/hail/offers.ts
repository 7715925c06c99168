import { HAIL } from "../../../contracts/constants.ts";
import {
  HAIL_CLOSED_MESSAGE,
  HAIL_NOT_FOUND,
  HAIL_TAKEN_MESSAGE,
} from "../../../contracts/hail.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { insertHailBooking } from "../bookings/hail-booking.ts";
import { attachBooking, collect, liveOrder } from "../payments/service.ts";
import { createAdminNotificationOnce } from "../staff/service.ts";
import { publishHail, publishOffers } from "./events.ts";
import { HAIL_JOBS } from "./job-names.ts";
import { claimHail } from "./lifecycle.ts";
import * as q from "./queries.ts";
import { arrivalMinutes, toOffer } from "./view.ts";

// What a reached creator does with a hail: see it, accept it (first wins), decline it.

export const HAIL_OVERLAP_MESSAGE = "You already have a booking at that time.";
const FIVE_MINUTES_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Exclusion constraint bookings_no_overlap: the winner already has a booking then. */
const isOverlap = (error: unknown) => (error as { code?: string }).code === "23P01";

export async function listOffers(deps: AppDeps, profileId: string) {
  const rows = await q.openOffersOf(deps.database.db, profileId, deps.now());
  return { offers: rows.map(toOffer) };
}

async function offerOf(deps: AppDeps, hailId: string, profileId: string) {
  const offer = await q.findOffer(deps.database.db, hailId, profileId);
  if (!offer) throw new AppError("not_found", HAIL_NOT_FOUND);
  return offer;
}

/** As soon as possible: when the winner can be there, rounded up to 5 minutes. */
function asapStart(now: Date, meters: number): Date {
  const at = now.getTime() + arrivalMinutes(meters) * 60_000;
  return new Date(Math.ceil(at / FIVE_MINUTES_MS) * FIVE_MINUTES_MS);
}

/**
 * First accept wins, by one conditional update (status live and still inside liveUntil). The
 * winner's transaction also creates the confirmed booking, hands it the hail's payment order,
 * marks every other offer taken (each creator told at once) and tells the client; the winner's
 * total is charged right after the commit (and by a job, should this request not live to do it).
 */
export async function acceptHail(deps: AppDeps, profileId: string, hailId: string) {
  const db = deps.database.db;
  const offer = await offerOf(deps, hailId, profileId);
  const hail = await q.findHail(db, hailId);
  if (!hail) throw new AppError("not_found", HAIL_NOT_FOUND);
  if (hail.status === "accepted") {
    if (hail.accepted_profile_id === profileId) return { offer: toOffer(offer) };
    throw new AppError("conflict", HAIL_TAKEN_MESSAGE);
  }
  const now = deps.now();
  if (hail.status !== "live" || !hail.live_until || hail.live_until <= now) {
    throw new AppError("conflict", HAIL_CLOSED_MESSAGE);
  }
  if (offer.offer_status !== "offered") throw new AppError("conflict", HAIL_CLOSED_MESSAGE);
  const creator = await q.findHailCreator(db, profileId);
  const order = await liveOrder(db, "hail", hailId);
  if (!creator || (order?.status !== "authorized" && order?.status !== "approved")) {
    throw new AppError("conflict", HAIL_CLOSED_MESSAGE);
  }

  let won: boolean;
  try {
    won = await deps.realtime.transaction(async (trx) => {
      const claimed = await claimHail(deps, trx, hailId, profileId);
      if (!claimed) return false;
      const booking = await insertHailBooking(deps, trx, {
        clientUserId: hail.client_user_id,
        creator: {
          profileId,
          userId: creator.user_id,
          // The rate the creator was offered at: what the authorization was checked against.
          hourlyRateCents: offer.earnings_cents / hail.hours,
          currency: hail.currency,
        },
        eventType: `${hail.service} session (hail)`,
        start: hail.start_at ?? asapStart(now, offer.distance_meters),
        hours: hail.hours,
        location: hail.location,
        notes: hail.notes,
        now,
      });
      await attachBooking(trx, order.id, booking.id, now);
      const accepted = await q.patchHail(
        trx,
        hailId,
        ["accepted"],
        { booking_id: booking.id },
        now,
      );
      await q.updateOffers(trx, hailId, ["offered"], "accepted", now, { profileId });
      const taken = await q.updateOffers(trx, hailId, ["offered"], "taken", now, {
        exceptProfileId: profileId,
      });
      await publishOffers(deps, hailId, [profileId, ...taken.map((t) => t.profile_id)], trx);
      await publishHail(deps, accepted ?? claimed, trx);
      await deps.jobs.send(HAIL_JOBS.capturePayment, { hailId }, { executor: trx });
      return true;
    });
  } catch (error) {
    if (isOverlap(error)) throw new AppError("conflict", HAIL_OVERLAP_MESSAGE);
    throw error;
  }
  if (!won) {
    const after = await q.findHail(db, hailId);
    throw new AppError(
      "conflict",
      after?.status === "accepted" ? HAIL_TAKEN_MESSAGE : HAIL_CLOSED_MESSAGE,
    );
  }
  try {
    await capturePayment(deps, hailId);
  } catch (error) {
    // The capture job retries it.
    deps.log.warn({ err: error, hailId }, "hail payment capture deferred to its job");
  }
  return { offer: toOffer(await offerOf(deps, hailId, profileId)) };
}

/**
 * Charges the winner's total from the hail's order (idempotent): a hold is captured once, for
 * the total, releasing the rest; an order approved for charging is captured whole and the
 * excess refunded at once. The outcome reaches the booking and the hail through the hail's
 * payment handlers (hail-payments.ts).
 */
export async function capturePayment(deps: AppDeps, hailId: string) {
  const db = deps.database.db;
  const hail = await q.findHail(db, hailId);
  if (hail?.status !== "accepted" || !hail.booking_id) return;
  const order = await liveOrder(db, "hail", hailId);
  const booking = await q.findHailBookingPrice(db, hail.booking_id);
  if (!order || !booking) return;
  await collect(deps, order.id, {
    amountCents: booking.total_amount_cents,
    depositCents: booking.deposit_amount_cents,
  });
}

export async function declineHail(deps: AppDeps, profileId: string, hailId: string) {
  await offerOf(deps, hailId, profileId);
  const declined = await deps.realtime.transaction(async (trx) => {
    const changed = await q.updateOffers(trx, hailId, ["offered"], "declined", deps.now(), {
      profileId,
    });
    if (changed.length > 0) await publishOffers(deps, hailId, [profileId], trx);
    return changed.length > 0;
  });
  if (!declined) throw new AppError("conflict", HAIL_CLOSED_MESSAGE);
  return { offer: toOffer(await offerOf(deps, hailId, profileId)) };
}

/**
 * A creator cancelled a booking (job sent by bookings' transition.ts): when it came from a
 * hail and they have cancelled HAIL.creatorCancelFlag.count hail bookings within its days,
 * staff are notified.
 */
export async function flagRepeatCanceller(deps: AppDeps, bookingId: string, now: Date) {
  const db = deps.database.db;
  const hail = await q.findHailByBooking(db, bookingId);
  if (!hail?.accepted_profile_id) return;
  const { count, days } = HAIL.creatorCancelFlag;
  const since = new Date(now.getTime() - days * DAY_MS);
  const cancelled = await q.countCreatorCancelledHails(db, hail.accepted_profile_id, since);
  if (cancelled < count) return;
  await createAdminNotificationOnce(deps, {
    kind: "hail_cancellations",
    title: "A creator keeps cancelling hail bookings",
    body: `Creator ${hail.accepted_profile_id} has cancelled ${cancelled} hail bookings in the last ${days} days.`,
    link: `/creators/${hail.accepted_profile_id}`,
  });
}
