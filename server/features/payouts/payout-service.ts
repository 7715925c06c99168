import { randomUUID } from "node:crypto";
import { PAYOUTS } from "../../../contracts/constants.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { PaymentError, type PayoutBatch } from "../payments/provider.ts";
import { paymentProvider } from "../payments/provider-of.ts";
import { recordStaffAction } from "../staff/audit.ts";
import { writeRefundLines } from "./booking-lines.ts";
import { stepPayout } from "./lifecycle.ts";
import { tellCreatorOfPayout } from "./messages.ts";
import {
  type Db,
  duePayoutBookings,
  findPayout,
  findPayoutByItem,
  insertPayout,
  insertPayoutLine,
  movePayout,
  type PayoutRow,
  sendingPayouts,
} from "./payout-queries.ts";

// Payouts: each completed booking's net, 24 hours after its delivery was accepted (a cancelled
// booking's kept share, 24 hours after its refund was settled). PayPal
// payouts go pending → processing (claimed) → paid | failed; the sender_batch_id is stored
// before PayPal is called, so a crash between the call and our write sends the same id again
// and PayPal answers the batch it already made: never two payments. Direct deposit and Stripe
// are manual_pending until staff send them. Only paid and sent write the ledger's −net line,
// so a failed payout's money is still in the balance; a paid one PayPal takes back goes back to
// failed with a +net payout_return line (per attempt), and staff's retry is a new attempt.

const FAILED_ITEM = new Set(["FAILED", "RETURNED", "BLOCKED", "REFUNDED", "REVERSED"]);
/** Item statuses that take back money PayPal had already paid (RETURNED: never claimed). */
const TAKEN_BACK_ITEM = new Set(["RETURNED", "REFUNDED", "REVERSED"]);
const batchIdOf = (payoutId: string, attempt: number) => `SH-${payoutId}-${attempt}`;

/** Creates the payouts now due (one per booking, whatever runs at once). */
export async function createDuePayouts(deps: AppDeps, now: Date): Promise<number> {
  let created = 0;
  for (const b of await duePayoutBookings(deps.database.db, now)) {
    // No payout method yet, or nothing left to pay: looked at again on the next run.
    if (!b.payment_method || b.net <= 0 || !b.payable_since) continue;
    if (b.payment_method === "paypal" && !b.payout_email) continue;
    const id = randomUUID();
    const paypal = b.payment_method === "paypal";
    const inserted = await insertPayout(deps.database.db, {
      id,
      creator_profile_id: b.creator_profile_id,
      booking_id: b.id,
      amount_cents: b.net,
      currency: b.currency,
      method: b.payment_method,
      status: paypal ? "pending" : "manual_pending",
      receiver_email: b.payout_email,
      bank_account_last4: b.payment_method === "direct_deposit" ? b.bank_account_last4 : null,
      sender_batch_id: paypal ? batchIdOf(id, 1) : null,
      due_at: new Date(b.payable_since.getTime() + PAYOUTS.minHoursAfterAcceptance * 3_600_000),
      created_at: now,
      updated_at: now,
    });
    if (inserted) created++;
  }
  return created;
}

async function applyBatch(deps: AppDeps, payout: PayoutRow, batch: PayoutBatch) {
  const item = batch.items[0];
  const now = deps.now();
  const status = item?.status ?? null;
  await deps.database.db.transaction().execute(async (trx) => {
    const common = {
      provider_batch_id: batch.batchId,
      provider_item_id: item?.itemId ?? null,
      provider_status: status ?? batch.batchStatus,
    };
    if (status === "SUCCESS") {
      const paid = await stepPayout(deps, trx, payout.id, "paid", { ...common, paid_at: now });
      if (paid) {
        await insertPayoutLine(
          trx,
          paid,
          `Paid to PayPal ${paid.receiver_email ?? ""}`.trim(),
          now,
        );
        await tellCreatorOfPayout(deps, paid, "paid", trx);
      }
    } else if ((status && FAILED_ITEM.has(status)) || (!item && batch.batchStatus === "DENIED")) {
      const failed = await stepPayout(deps, trx, payout.id, "fail", {
        ...common,
        failure_reason: `PayPal: ${item?.error ?? status ?? batch.batchStatus}`,
      });
      if (failed) await tellCreatorOfPayout(deps, failed, "failed", trx);
      else if (status && TAKEN_BACK_ITEM.has(status)) await takeBack(deps, trx, payout.id, status);
    } else {
      await movePayout(trx, payout.id, ["processing"], common, now);
    }
  });
}

/** A paid payout PayPal took back: failed again, its money back in the balance, once. */
async function takeBack(deps: AppDeps, trx: Db, payoutId: string, status: string) {
  const now = deps.now();
  const back = await stepPayout(deps, trx, payoutId, "takenBack", {
    provider_status: status,
    failure_reason: `PayPal: ${status} after it was paid`,
  });
  if (!back) return;
  await insertPayoutLine(trx, back, `PayPal ${status.toLowerCase()} the payout`, now, {
    kind: "payout_return",
  });
  await tellCreatorOfPayout(deps, back, "returned", trx);
}

/**
 * A PayPal payout item's webhook: the batch is read again from PayPal (the event is only a
 * hint), and a payout under way or already paid follows what PayPal says now.
 */
export async function refreshPayoutItem(deps: AppDeps, providerItemId: string) {
  const payout = await findPayoutByItem(deps.database.db, providerItemId);
  if (!payout?.provider_batch_id || !["processing", "paid"].includes(payout.status)) return;
  await applyBatch(
    deps,
    payout,
    await paymentProvider(deps).getPayoutBatch(payout.provider_batch_id),
  );
}

/** Sends (or reads back) one PayPal payout; safe to run any number of times. */
export async function processPayout(deps: AppDeps, payoutId: string) {
  const db = deps.database.db;
  let payout = await findPayout(db, payoutId);
  if (payout?.method !== "paypal") return;
  if (payout.status === "pending") {
    const id = payout.id;
    payout = await db.transaction().execute((trx) => stepPayout(deps, trx, id, "send"));
  }
  if (payout?.status !== "processing" || !payout.sender_batch_id) return;
  try {
    let batch = payout.provider_batch_id
      ? await paymentProvider(deps).getPayoutBatch(payout.provider_batch_id)
      : await paymentProvider(deps).createPayout({
          senderBatchId: payout.sender_batch_id,
          senderItemId: payout.id,
          receiverEmail: payout.receiver_email ?? "",
          amountCents: payout.amount_cents,
          currency: payout.currency,
          note: "Your ShutterHail earnings for a completed booking",
        });
    if (batch.items.length === 0) batch = await paymentProvider(deps).getPayoutBatch(batch.batchId);
    await applyBatch(deps, payout, batch);
  } catch (error) {
    // An outage leaves it processing, with the same sender_batch_id for the next run.
    if (!(error instanceof PaymentError) || error.reason === "unavailable") throw error;
    const id = payout.id;
    await db.transaction().execute(async (trx) => {
      const failed = await stepPayout(deps, trx, id, "fail", {
        failure_reason: error.message.slice(0, 500),
      });
      if (failed) await tellCreatorOfPayout(deps, failed, "failed", trx);
    });
  }
}

/** The payouts job: refunds into the ledger, new payouts, then every PayPal payout under way. */
export async function runPayouts(deps: AppDeps, now: Date) {
  await writeRefundLines(deps.database.db, now);
  await createDuePayouts(deps, now);
  for (const p of await sendingPayouts(deps.database.db, now)) {
    try {
      await processPayout(deps, p.id);
    } catch (error) {
      deps.log.warn({ err: error, payoutId: p.id }, "payout not sent yet; retried on the next run");
    }
  }
}

const notFound = () => new AppError("not_found", "No such payout");

/** Staff: a failed PayPal payout goes again, as a new attempt with its own sender_batch_id. */
export async function retryPayout(deps: AppDeps, payoutId: string, staffUserId: string) {
  const now = deps.now();
  const before = await findPayout(deps.database.db, payoutId);
  if (!before) throw notFound();
  const moved = await deps.database.db.transaction().execute(async (trx) => {
    const row = await stepPayout(deps, trx, payoutId, "retry", {
      attempt: before.attempt + 1,
      sender_batch_id: batchIdOf(payoutId, before.attempt + 1),
      provider_batch_id: null,
      provider_item_id: null,
      provider_status: null,
      failure_reason: null,
    });
    if (row) {
      await recordStaffAction(
        trx,
        {
          actorUserId: staffUserId,
          action: "payout.retry",
          targetType: "payout",
          targetId: payoutId,
          details: { attempt: row.attempt, failure: before.failure_reason },
        },
        now,
      );
    }
    return row;
  });
  if (!moved) {
    const current = await findPayout(deps.database.db, payoutId);
    // A repeated retry (a double click, a resent request) finds the payout already retried.
    if (current && current.attempt > 1 && current.status !== "failed") return current;
    throw new AppError("conflict", "Only a failed payout can be retried.");
  }
  try {
    await processPayout(deps, payoutId);
  } catch (error) {
    deps.log.warn({ err: error, payoutId }, "payout retry not sent yet");
  }
  return (await findPayout(deps.database.db, payoutId)) as PayoutRow;
}

/** Staff sent a direct-deposit or Stripe payout by hand: it is paid, with its ledger line. */
export async function markPayoutSent(
  deps: AppDeps,
  payoutId: string,
  staffUserId: string,
  reason: string | null,
) {
  const now = deps.now();
  const sent = await deps.database.db.transaction().execute(async (trx) => {
    const row = await stepPayout(deps, trx, payoutId, "markSent", {
      paid_at: now,
      sent_by: staffUserId,
    });
    if (!row) return undefined;
    await insertPayoutLine(
      trx,
      row,
      `Sent by staff (${row.method === "stripe" ? "Stripe" : "direct deposit"})`,
      now,
      { createdBy: staffUserId },
    );
    await recordStaffAction(
      trx,
      {
        actorUserId: staffUserId,
        action: "payout.mark_sent",
        targetType: "payout",
        targetId: payoutId,
        reason,
        details: { amountCents: row.amount_cents, method: row.method },
      },
      now,
    );
    await tellCreatorOfPayout(deps, row, "paid", trx);
    return row;
  });
  if (sent) return sent;
  const payout = await findPayout(deps.database.db, payoutId);
  if (!payout) throw notFound();
  // Marking it sent again (a resent request, a second member of staff) changes nothing.
  if (payout.status === "sent") return payout;
  throw new AppError("conflict", "This payout is not waiting to be sent.");
}
