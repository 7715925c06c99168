import type { Kysely } from "kysely";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { EventToPublish } from "../../platform/realtime.ts";
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

/** hail_offer to each of these creators, with their offer as it now stands: events to publish. */
export async function offerEvents(
  trx: Kysely<DB>,
  hailId: string,
  profileIds: string[],
): Promise<EventToPublish[]> {
  if (!profileIds.length) return [];
  return (await q.offersOfHail(trx, hailId, profileIds)).map((offer) => ({
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
  await deps.realtime.publishMany(await offerEvents(trx, hailId, profileIds), trx);
}
