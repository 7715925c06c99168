import type { AppDeps } from "../../platform/deps.ts";
import { isHailOrder } from "../hail/payment-return.ts";
import { completeHailPayment } from "../hail/service.ts";
import { refreshPayoutItem } from "../payouts/payout-service.ts";
import { completePayment } from "./payment.ts";
import * as q from "./queries.ts";

// Provider webhooks: verified over the raw bytes, each event processed once, and never trusted
// for state — the order is re-read from the provider (completePayment does), so a webhook and
// our own return handling may arrive in either order. A payout item's event has its payout
// read again from the provider (server/features/payouts).

/** Events that can mean an order was approved or paid. */
const PAYMENT_EVENTS = new Set([
  "CHECKOUT.ORDER.APPROVED",
  "CHECKOUT.ORDER.COMPLETED",
  "PAYMENT.AUTHORIZATION.CREATED",
  "PAYMENT.CAPTURE.COMPLETED",
]);

export async function handleWebhook(
  deps: AppDeps,
  headers: Headers,
  raw: Uint8Array,
): Promise<"invalid" | "duplicate" | "processed"> {
  const event = await deps.payments.verifyWebhook(headers, raw);
  if (!event) return "invalid";
  const db = deps.database.db;
  if (await q.webhookEventSeen(db, event.id)) return "duplicate";
  if (PAYMENT_EVENTS.has(event.type) && event.orderId) {
    const booking = await q.findBookingByOrder(db, event.orderId);
    if (booking) await completePayment(deps, event.orderId);
    // A hail's order (server/features/hail) completes the hail.
    else if (await isHailOrder(deps, event.orderId)) await completeHailPayment(deps, event.orderId);
  } else if (event.type.startsWith("PAYMENT.PAYOUTS-ITEM.") && event.resourceId) {
    await refreshPayoutItem(deps, event.resourceId);
  } else {
    deps.log.info({ type: event.type, resource: event.resourceId }, "payment webhook noted");
  }
  // Recorded only once handled: a failure above answers 500 and PayPal delivers it again.
  await q.recordWebhookEvent(db, event);
  return "processed";
}
