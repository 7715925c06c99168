import type { Kysely } from "kysely";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { EventToPublish } from "../../platform/realtime.ts";
import { type PushJob, pushMessage, queuePushes } from "../notifications/push.ts";
import * as q from "./queries.ts";
import { toHail, toOffer, type Winner } from "./view.ts";

/** The hail as its client sees it, winner included. */
export async function hailView(db: Kysely<DB>, hail: q.HailRow) {
  let winner: Winner | null = null;
  if (hail.accepted_profile_id) {
    const w = await q.findWinner(db, hail.id, hail.accepted_profile_id);
    if (w) {
      const rate = w.earnings_cents / hail.hours;
      winner = { ...w, total_cents: priceBooking(rate, hail.hours).totalCents };
    }
  }
  return toHail(hail, winner);
}

/** hail_changed to the client, as an event to publish. */
export async function hailEvent(hail: q.HailRow, trx: Kysely<DB>): Promise<EventToPublish> {
  return {
    topic: REALTIME_TOPICS.hails,
    payload: await hailView(trx, hail),
    audience: { userId: hail.client_user_id },
  };
}

/** hail_changed to the client (in the caller's transaction). */
export async function publishHail(deps: AppDeps, hail: q.HailRow, trx: Kysely<DB>) {
  await deps.realtime.publishMany([await hailEvent(hail, trx)], trx);
}

/** A closing push keeps this long at the push service past the hail's own end. */
const CLOSED_PUSH_GRACE_MS = 60_000;

/**
 * The offer reaches the creator's devices too (docs/push.md): a new offer with its deadline
 * (the device shows the time left and the push service drops it after); once the offer is no
 * longer open (taken, expired, withdrawn, or answered from a tab) a closing push replaces it by
 * its tag wherever it still shows.
 */
function offerPush(deps: AppDeps, offer: q.OfferRow): PushJob {
  const tag = `hail:${offer.hail_id}`;
  const url = `/availability?hail=${offer.hail_id}`;
  if (offer.offer_status === "offered" && offer.live_until) {
    const expiresAt = offer.live_until.toISOString();
    const message = pushMessage("hail_offer", { url, tag, hailId: offer.hail_id, expiresAt });
    return { userId: offer.user_id, message, expiresAt, urgency: "high" };
  }
  const until = Math.max(
    deps.now().getTime() + CLOSED_PUSH_GRACE_MS,
    offer.live_until?.getTime() ?? 0,
  );
  const message = pushMessage("hail_closed", { url, tag, hailId: offer.hail_id });
  return { userId: offer.user_id, message, expiresAt: new Date(until).toISOString() };
}

/**
 * hail_offer to each of these creators, with their offer as it now stands: events to publish.
 * Each offer's push is queued here, in the same transaction.
 */
export async function offerEvents(
  deps: AppDeps,
  trx: Kysely<DB>,
  hailId: string,
  profileIds: string[],
): Promise<EventToPublish[]> {
  if (!profileIds.length) return [];
  const offers = await q.offersOfHail(trx, hailId, profileIds);
  await queuePushes(
    deps,
    offers.map((offer) => offerPush(deps, offer)),
    trx,
  );
  return offers.map((offer) => ({
    topic: REALTIME_TOPICS.hailOffers,
    payload: toOffer(offer),
    audience: { userId: offer.user_id },
  }));
}

/**
 * hail_offer to each of these creators, in one statement: one round trip under the events'
 * ordering lock however many creators a hail reaches (issue 24).
 */
export async function publishOffers(
  deps: AppDeps,
  hailId: string,
  profileIds: string[],
  trx: Kysely<DB>,
) {
  await deps.realtime.publishMany(await offerEvents(deps, trx, hailId, profileIds), trx);
}
