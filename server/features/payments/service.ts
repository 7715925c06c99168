import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { bookingMoney, moneyOfLines } from "./ledger.ts";
import * as q from "./queries.ts";
import { release } from "./settle.ts";

// The payments domain's small surface for the domains that pay through it (bookings, hail,
// payouts). The rest of the folder is its own business: the provider adapters, the ledger,
// webhook intake and its jobs.

export { type CollectOutcome, collect } from "./collect.ts";
export { completeOrder } from "./complete-order.ts";
export {
  onBookingSettled,
  type PurposeHandlers,
  type ReturnOutcome,
  registerPurpose,
  registerWebhook,
} from "./handlers.ts";
export {
  browserOrder,
  canHold,
  openOrder,
  openPreparedOrder,
  prepareOrder,
} from "./open-order.ts";
export { paymentProvider } from "./provider-of.ts";
export type { NoteCreated, OrderPurpose, PaymentOrderRow } from "./queries.ts";
export { requestSettlement } from "./settle.ts";

/** The live order of a purpose for a subject (the booking, the hail), if any. */
export const liveOrder = (db: Kysely<DB>, purpose: q.OrderPurpose, subjectId: string) =>
  q.findLiveOrder(db, purpose, subjectId);

/** A booking's ledger lines, oldest first, and its money by kind. */
export const moneyOfBooking = (db: Kysely<DB>, bookingId: string) => bookingMoney(db, bookingId);
/** The money of a booking with no ledger line yet (one just made). */
export const noMoneyYet = () => moneyOfLines([]);

/**
 * A hail's order pays for the booking its winner made: its ledger lines go to that booking,
 * starting with the hold it already has.
 */
export async function attachBooking(trx: Kysely<DB>, orderId: string, bookingId: string, at: Date) {
  const order = await q.patchOrder(trx, orderId, q.LIVE_STATUSES, { booking_id: bookingId }, at);
  if (order?.status === "authorized" && order.authorization_id) {
    await q.insertLedgerLine(trx, {
      bookingId,
      orderId: order.id,
      kind: "authorization",
      amountCents: order.amount_cents,
      currency: order.currency.trim(),
      provider: order.provider,
      providerRef: order.authorization_id,
      status: "CREATED",
      at,
    });
  }
}

/** Nothing more will be paid for this subject: a hold is voided, an unapproved order dropped. */
export async function releaseOrder(deps: AppDeps, purpose: q.OrderPurpose, subjectId: string) {
  const live = await q.findLiveOrder(deps.database.db, purpose, subjectId);
  if (live) await release(deps, live);
}
