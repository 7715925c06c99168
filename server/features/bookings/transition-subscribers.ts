import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { Actor, LifecycleStep } from "./lifecycle.ts";
import type { BookingWithParties } from "./queries.ts";

// What other domains do when a booking moves, inside the transition's own transaction, so the
// booking's new state and its consequences (the commission tier fixed at confirmation, the
// payout ledger's lines at completion, hail's repeat-canceller count) commit together or not at
// all. Each domain subscribes at start-up (server/domain-wiring.ts): bookings imports none of
// them.

export type TransitionDone = {
  /** The booking as it was before the transition. */
  booking: BookingWithParties;
  name: LifecycleStep;
  actor: Actor;
  /** The deposit refund the transition decided on, in cents. */
  depositRefundCents: number;
  now: Date;
};

export type TransitionSubscriber = (
  deps: AppDeps,
  trx: Kysely<DB>,
  done: TransitionDone,
) => Promise<void>;

const subscribers = new WeakMap<AppDeps, TransitionSubscriber[]>();

export function onBookingTransition(deps: AppDeps, subscriber: TransitionSubscriber) {
  const list = subscribers.get(deps) ?? [];
  list.push(subscriber);
  subscribers.set(deps, list);
}

export async function runTransitionSubscribers(
  deps: AppDeps,
  trx: Kysely<DB>,
  done: TransitionDone,
) {
  for (const subscriber of subscribers.get(deps) ?? []) await subscriber(deps, trx, done);
}
