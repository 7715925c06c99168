import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { webhookHandler } from "./handlers.ts";
import { recordMovement } from "./ledger.ts";
import { changeOrder } from "./order-state.ts";
import type { WebhookEvent } from "./provider.ts";
import { paymentProvider } from "./provider-of.ts";
import * as q from "./queries.ts";
import { syncOrder } from "./sync.ts";

// Provider webhooks: verified over the raw bytes (paypal/paypal-webhooks.ts), each event id
// processed once, and never trusted for state — the order, authorization or capture is read
// again from the provider, so a webhook and our own return handling may arrive in either order.
// A delivery is recorded as seen only once handled: a failure answers 500 and PayPal sends it
// again (up to 25 times over 3 days).

/** Money PayPal gave back to the buyer without our asking, or took back from us. */
const TAKEN_BACK = new Set(["PAYMENT.CAPTURE.REVERSED", "PAYMENT.CAPTURE.REFUNDED"]);

export async function handleWebhook(
  deps: AppDeps,
  headers: Headers,
  raw: Uint8Array,
): Promise<"invalid" | "duplicate" | "processed"> {
  const event = await paymentProvider(deps).verifyWebhook(headers, raw);
  if (!event) return "invalid";
  const db = deps.database.db;
  if (await q.webhookEventSeen(db, event.id)) return "duplicate";
  const handler = webhookHandler(deps, event.type);
  if (handler) await handler(deps, event);
  else if (TAKEN_BACK.has(event.type)) await takenBack(deps, event);
  else await syncFromEvent(deps, event);
  await q.recordWebhookEvent(db, event);
  return "processed";
}

async function orderOf(db: Kysely<DB>, event: WebhookEvent) {
  for (const ref of [event.orderId, event.resourceId, event.captureId]) {
    const order = ref ? await q.findOrderByProviderRef(db, ref) : undefined;
    if (order) return order;
  }
  return undefined;
}

async function syncFromEvent(deps: AppDeps, event: WebhookEvent) {
  const order = await orderOf(deps.database.db, event);
  if (!order) {
    deps.log.info({ type: event.type, resource: event.resourceId }, "payment webhook: not ours");
    return;
  }
  await syncOrder(deps, order);
}

/**
 * A refund we did not make (PayPal's dashboard) or a reversal (a chargeback): the money is no
 * longer ours. Our own refunds are in the ledger by their id and are not counted again. The
 * capture is read again to confirm it really was refunded.
 */
async function takenBack(deps: AppDeps, event: WebhookEvent) {
  const db = deps.database.db;
  const refundId = event.resourceId;
  if (!refundId || (await q.ledgerHasRef(db, refundId))) return;
  const captureId = event.captureId;
  const order = captureId ? await q.findOrderByProviderRef(db, captureId) : undefined;
  if (!order || !captureId || !event.amountCents) {
    deps.log.warn({ type: event.type, refundId }, "payment taken back: no order of ours");
    return;
  }
  const capture = await paymentProvider(deps).getCapture(captureId);
  if (capture.status !== "REFUNDED" && capture.status !== "PARTIALLY_REFUNDED") {
    deps.log.warn(
      { captureId, status: capture.status },
      "payment taken back: capture not refunded",
    );
    return;
  }
  const amountCents = event.amountCents;
  const why =
    event.type === "PAYMENT.CAPTURE.REVERSED" ? "reversed by PayPal" : "refunded at PayPal";
  await deps.database.db.transaction().execute(async (trx) => {
    await recordMovement(deps, trx, order, {
      kind: "reversal",
      amountCents,
      providerRef: refundId,
      status: "COMPLETED",
    });
    await changeOrder(
      deps,
      order,
      { from: [order.status], patch: {}, react: (h, t, o) => h.takenBack(t, o, amountCents, why) },
      trx,
    );
  });
}
