import type { Kysely } from "kysely";
import type { DeliveryStatus } from "../../../contracts/delivery.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { announce, bookingWithParties } from "../bookings/read.ts";
import * as q from "./queries.ts";

// A delivery's lifecycle, as a booking's is: each step says from which state, to which, and who
// takes it; a step is one conditional update (`where status = from`) and the booking_changed
// event to both parties, in the caller's transaction. Nothing else writes a delivery's status
// (a test checks).
//
//   draft ──deliver──▶ delivered ──accept / autoAccept──▶ accepted
//                          └──report──▶ disputed ──resolve──▶ accepted

type Actor = "client" | "creator" | "staff" | "system";

export const DELIVERY_STEPS = {
  /** The creator delivers the photos; the client has 72 hours to respond. */
  deliver: { from: "draft", to: "delivered", actors: ["creator"] },
  /** The client accepts: the creator's payout may follow. */
  accept: { from: "delivered", to: "accepted", actors: ["client"] },
  /** The client's 72 hours ran out without a word. */
  autoAccept: { from: "delivered", to: "accepted", actors: ["system"] },
  /** The client reports a problem: no payout while staff look. */
  report: { from: "delivered", to: "disputed", actors: ["client"] },
  /** Staff settle the problem: the delivery counts as accepted. */
  resolve: { from: "disputed", to: "accepted", actors: ["staff"] },
} as const satisfies Record<
  string,
  { from: DeliveryStatus; to: DeliveryStatus; actors: readonly Actor[] }
>;

export type DeliveryStep = keyof typeof DELIVERY_STEPS;

/**
 * Takes step `name` if the delivery is still in its `from` state (and, for the automatic
 * acceptance, past its deadline `dueBy`); answers whether it moved.
 */
export async function stepDelivery(
  deps: AppDeps,
  trx: Kysely<DB>,
  bookingId: string,
  name: DeliveryStep,
  patch: q.DeliveryPatch,
  dueBy?: Date,
): Promise<boolean> {
  const step = DELIVERY_STEPS[name];
  const moved = await q.transitionDelivery(trx, bookingId, step.from, step.to, patch, dueBy);
  if (!moved) return false;
  const booking = await bookingWithParties(trx, bookingId);
  if (booking) await announce(deps, booking, booking.status as BookingStatus, trx);
  return true;
}
