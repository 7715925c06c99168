import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { paymentProvider } from "./provider-of.ts";
import * as q from "./queries.ts";

// The one writer of payment_ledger: a line per provider operation on a booking's money, written
// in the transaction that records the operation's outcome. Amounts are positive; the kind says
// which way the money went.

export type Movement = {
  kind: q.LedgerKind;
  amountCents: number;
  providerRef: string;
  status: string;
};

export async function recordMovement(
  deps: AppDeps,
  executor: Kysely<DB>,
  order: Pick<q.PaymentOrderRow, "id" | "booking_id" | "currency">,
  movement: Movement,
) {
  if (!order.booking_id) return;
  await q.insertLedgerLine(executor, {
    bookingId: order.booking_id,
    orderId: order.id,
    kind: movement.kind,
    amountCents: movement.amountCents,
    currency: order.currency.trim(),
    provider: paymentProvider(deps).name,
    providerRef: movement.providerRef,
    status: movement.status,
    at: deps.now(),
  });
}

/** The kind of line a capture of this order is. */
export const captureKind = (order: Pick<q.PaymentOrderRow, "purpose">): q.LedgerKind =>
  order.purpose === "booking_remainder" ? "remainder_capture" : "deposit_capture";

/** Money that counts: not declined, not failed. */
const counts = (status: string) => status !== "DECLINED" && status !== "FAILED";

/** A booking's money by kind, from its ledger: captured, refunded, taken back. */
export async function bookingMoney(executor: Kysely<DB>, bookingId: string) {
  return moneyOfLines(await q.ledgerOf(executor, bookingId));
}

/** A booking's money from its ledger lines (none: a booking not paid for yet). */
export function moneyOfLines(lines: Awaited<ReturnType<typeof q.ledgerOf>>) {
  const sum = (...kinds: q.LedgerKind[]) =>
    lines
      .filter((l) => kinds.includes(l.kind as q.LedgerKind) && counts(l.status))
      .reduce((total, l) => total + l.amount_cents, 0);
  return {
    lines,
    depositCaptured: sum("deposit_capture"),
    /** A hail charged above its winner's total gives that back at once: it never counted. */
    remainderCaptured: sum("remainder_capture") - sum("overcapture_refund"),
    depositRefunded: sum("refund"),
    remainderRefunded: sum("remainder_refund"),
    takenBack: sum("reversal"),
    /** What the client has paid and not had back. */
    netPaid:
      sum("deposit_capture", "remainder_capture") -
      sum("refund", "remainder_refund", "overcapture_refund", "reversal"),
  };
}

/** The provider capture that holds a kind of money, if any (the newest counting one). */
export function captureRef(
  lines: Awaited<ReturnType<typeof q.ledgerOf>>,
  kind: "deposit_capture" | "remainder_capture",
) {
  return lines.filter((l) => l.kind === kind && counts(l.status)).at(-1)?.provider_ref ?? null;
}

/** What PayPal took back (reversals, dashboard refunds) from these orders' captures. */
export function takenBackOn(lines: Awaited<ReturnType<typeof q.ledgerOf>>, orderIds: Set<string>) {
  return lines
    .filter((l) => l.kind === "reversal" && counts(l.status))
    .filter((l) => l.payment_order_id !== null && orderIds.has(l.payment_order_id))
    .reduce((total, l) => total + l.amount_cents, 0);
}
