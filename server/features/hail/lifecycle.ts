import type { Kysely } from "kysely";
import type { HailStatus } from "../../../contracts/hail.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { publishHail } from "./events.ts";
import * as q from "./queries.ts";

// A hail's lifecycle, as bookings' is: each step says from which states and who takes it; a
// step is one conditional update (`where status in from`) and the hail_changed event to its
// client, in the caller's transaction. Nothing else writes a hail's status (a test checks).
//
//   awaiting_payment ──paid──▶ live ──accept──▶ accepted
//          │                    │                  │
//          └──expire / cancel / fail──┴────────────┘ (fail only, after an accept)

type Actor = "client" | "creator" | "system";

export const HAIL_STEPS = {
  /** The client's payment is in place: the hail goes live to the creators who match. */
  live: { from: ["awaiting_payment"], to: "live", actors: ["system"] },
  /** The first creator to accept, inside the 90 seconds, wins (claimHail). */
  accept: { from: ["live"], to: "accepted", actors: ["creator"] },
  /** Nobody took it in time, or it was never paid. */
  expire: { from: ["awaiting_payment", "live"], to: "expired", actors: ["system"] },
  /** The client called it off. */
  cancel: { from: ["awaiting_payment", "live"], to: "cancelled", actors: ["client"] },
  /** PayPal refused the hail's payment (before, or when the winner's total was taken). */
  fail: { from: ["awaiting_payment", "live", "accepted"], to: "failed", actors: ["system"] },
} as const satisfies Record<
  string,
  { from: readonly HailStatus[]; to: HailStatus; actors: readonly Actor[] }
>;

export type HailStep = keyof typeof HAIL_STEPS;

/**
 * Takes step `name` if the hail is still in one of its `from` states (or of `onlyFrom`, a part
 * of them the caller checked just before); answers the hail, or null when it had moved on.
 */
export async function stepHail(
  deps: AppDeps,
  trx: Kysely<DB>,
  hailId: string,
  name: Exclude<HailStep, "accept">,
  options: {
    patch?: q.HailPatch;
    onlyFrom?: readonly HailStatus[];
    /** false: the caller publishes hail_changed itself, last in its transaction (go-live). */
    announce?: boolean;
  } = {},
) {
  const step = HAIL_STEPS[name];
  const from = options.onlyFrom?.filter((s) => (step.from as readonly HailStatus[]).includes(s));
  const hail = await q.transitionHail(
    trx,
    hailId,
    from ?? step.from,
    step.to,
    options.patch ?? {},
    deps.now(),
  );
  if (hail && options.announce !== false) await publishHail(deps, hail, trx);
  return hail ?? null;
}

/**
 * The first creator to accept wins: live and still inside its 90 seconds, by one conditional
 * update. Answers the hail, or null for everyone else. The accept's transaction publishes the
 * hail once its booking is attached (offers.ts).
 */
export async function claimHail(deps: AppDeps, trx: Kysely<DB>, hailId: string, profileId: string) {
  return (await q.claimHail(trx, hailId, profileId, deps.now())) ?? null;
}
