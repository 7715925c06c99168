import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { payoutsAfterTransition } from "../payouts/after-booking-transition.ts";
import type { TransitionName } from "./lifecycle.ts";
import type { BookingWithParties } from "./queries.ts";

export type TransitionDone = {
  /** The booking as it was before the transition. */
  booking: BookingWithParties;
  name: TransitionName;
  now: Date;
};

/**
 * What other domains do when a booking moves, inside the transition's own transaction, so the
 * booking's new state and its consequences (the commission tier fixed at confirmation, the
 * payout ledger's lines at completion, the review window) commit together or not at all.
 * Each domain adds its one call here.
 */
export async function afterTransition(
  _deps: AppDeps,
  trx: Kysely<DB>,
  done: TransitionDone,
): Promise<void> {
  await payoutsAfterTransition(trx, done);
}
