import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { TransitionDone } from "../bookings/transition-subscribers.ts";
import {
  fixCommissionAtConfirmation,
  writeCancellationLines,
  writeCompletionLines,
} from "./booking-lines.ts";

/** The payouts domain's part of a booking transition (in the transition's transaction). */
export async function payoutsAfterTransition(trx: Kysely<DB>, done: TransitionDone) {
  const { booking, name, now } = done;
  if (name === "accept" || name === "hailAccepted") {
    await fixCommissionAtConfirmation(trx, booking, now);
  }
  if (name === "complete") await writeCompletionLines(trx, booking.id, now);
  // A confirmed booking cancelled with part of its deposit kept: by someone, or because its
  // balance was never approved (the client's late cancellation).
  if (name === "cancelConfirmed" || name === "remainderMissed") {
    // The booking's refund after the step: the one the step decided on, else the one it had.
    const refund =
      done.depositRefundCents > 0 ? done.depositRefundCents : (booking.deposit_refund_cents ?? 0);
    await writeCancellationLines(trx, booking.id, refund, now);
  }
}
