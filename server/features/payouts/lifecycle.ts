import type { Kysely } from "kysely";
import type { PAYOUT_STATUSES } from "../../../contracts/payouts.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { creatorUserOf, movePayout, type PayoutPatch } from "./payout-queries.ts";

// A payout's lifecycle, as a booking's is: each step says from which states, to which, and who
// takes it; a step is one conditional update (`where status in from`) and a payout_changed
// event to its creator, in the caller's transaction. Nothing else writes a payout's status (a
// test checks); a payout is created pending (PayPal) or manual_pending (bank, Stripe).
//
//   pending ──send──▶ processing ──paid──▶ paid ──takenBack──▶ failed ──retry──▶ pending
//                          └──fail──▶ failed            manual_pending ──markSent──▶ sent

type Actor = "staff" | "system";
type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STEPS = {
  /** The payout job hands it to PayPal (sender_batch_id stored before the call). */
  send: { from: ["pending"], to: "processing", actors: ["system"] },
  /** PayPal's item reads SUCCESS. */
  paid: { from: ["processing"], to: "paid", actors: ["system"] },
  /** PayPal refused it, or its item failed: the money stays in the balance. */
  fail: { from: ["processing"], to: "failed", actors: ["system"] },
  /** PayPal took a paid payout back (RETURNED, REFUNDED, REVERSED): in the balance again. */
  takenBack: { from: ["paid"], to: "failed", actors: ["system"] },
  /** Staff send a failed payout again, as a new attempt with its own sender_batch_id. */
  retry: { from: ["failed"], to: "pending", actors: ["staff"] },
  /** Staff paid a bank or Stripe payout by hand. */
  markSent: { from: ["manual_pending"], to: "sent", actors: ["staff"] },
} as const satisfies Record<
  string,
  { from: readonly PayoutStatus[]; to: PayoutStatus; actors: readonly Actor[] }
>;

export type PayoutStep = keyof typeof PAYOUT_STEPS;

/** Takes step `name` if the payout is still in one of its `from` states; answers it, or undefined. */
export async function stepPayout(
  deps: AppDeps,
  trx: Kysely<DB>,
  payoutId: string,
  name: PayoutStep,
  patch: PayoutPatch = {},
) {
  const step = PAYOUT_STEPS[name];
  const moved = await movePayout(
    trx,
    payoutId,
    step.from,
    { ...patch, status: step.to },
    deps.now(),
  );
  if (!moved) return undefined;
  const userId = await creatorUserOf(trx, moved.creator_profile_id);
  if (userId) {
    await deps.realtime.publish(
      REALTIME_TOPICS.payouts,
      { id: moved.id, status: moved.status },
      { userId },
      trx,
    );
  }
  return moved;
}
