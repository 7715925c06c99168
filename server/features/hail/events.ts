import type { Kysely } from "kysely";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
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

/** hail_changed to the client (in the caller's transaction). */
export async function publishHail(deps: AppDeps, hail: q.HailRow, trx: Kysely<DB>) {
  await deps.realtime.publish(
    REALTIME_TOPICS.hails,
    await hailView(trx, hail),
    { userId: hail.client_user_id },
    trx,
  );
}

/** hail_offer to each of these creators, with their offer as it now stands. */
export async function publishOffers(
  deps: AppDeps,
  hailId: string,
  profileIds: string[],
  trx: Kysely<DB>,
) {
  for (const offer of await q.offersOfHail(trx, hailId, profileIds)) {
    await deps.realtime.publish(
      REALTIME_TOPICS.hailOffers,
      toOffer(offer),
      { userId: offer.user_id },
      trx,
    );
  }
}
