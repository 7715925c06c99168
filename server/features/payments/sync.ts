import type { AppDeps } from "../../platform/deps.ts";
import { completeOrder, fail } from "./complete-order.ts";
import { changeOrder } from "./order-state.ts";
import { PaymentError } from "./provider.ts";
import { paymentProvider } from "./provider-of.ts";
import * as q from "./queries.ts";
import { giveBack } from "./settle.ts";

// Bringing an order in line with the provider, after a webhook or on the periodic check: a
// PENDING authorization or capture that completed or was denied, a hold that lapsed, an order
// the buyer approved without our hearing of it. The provider's own objects are read again;
// nothing in an event is trusted beyond which object to look at.

/** A capture that completes a collection (a held balance, a hail) rather than a first payment. */
const collecting = (order: q.PaymentOrderRow) =>
  order.intent === "AUTHORIZE" || order.purpose === "hail";

export async function syncOrder(deps: AppDeps, row: q.PaymentOrderRow): Promise<q.PaymentOrderRow> {
  if (row.status === "awaiting_buyer") return (await completeOrder(deps, row)).order;
  if (row.status === "pending") return settlePending(deps, row);
  if (row.status === "authorized") return checkHold(deps, row);
  return row;
}

async function settlePending(deps: AppDeps, row: q.PaymentOrderRow) {
  const provider = paymentProvider(deps);
  if (row.capture_id) {
    const capture = await provider.getCapture(row.capture_id);
    if (capture.status === "PENDING") return row;
    const line = { providerRef: capture.id, status: capture.status };
    if (capture.status === "DECLINED" || capture.status === "FAILED") {
      await updateLines(deps, row, line.status);
      return fail(
        deps,
        row,
        "failed",
        `The payment was ${capture.status.toLowerCase()}`,
        [],
        ["pending"],
      );
    }
    await updateLines(deps, row, capture.status);
    const changed = await changeOrder(deps, row, {
      from: ["pending"],
      patch: { status: "captured" },
      react: (h, trx, o) => (collecting(o) ? h.collected(trx, o) : h.secured(trx, o)),
    });
    if (changed && !changed.wanted) return giveBack(deps, changed.order);
    return changed?.order ?? row;
  }
  if (row.authorization_id) {
    const authorization = await provider.getAuthorization(row.authorization_id);
    if (authorization.status === "PENDING") return row;
    await updateLines(deps, row, authorization.status);
    if (authorization.status !== "CREATED") {
      return fail(
        deps,
        row,
        "failed",
        `The hold was ${authorization.status.toLowerCase()}`,
        [],
        ["pending"],
      );
    }
    const changed = await changeOrder(deps, row, {
      from: ["pending"],
      patch: { status: "authorized" },
      react: (h, trx, o) => h.secured(trx, o),
    });
    if (changed && !changed.wanted) return giveBack(deps, changed.order);
    return changed?.order ?? row;
  }
  return row;
}

/** A hold that lapsed (29 days) or was voided at PayPal no longer holds anything. */
async function checkHold(deps: AppDeps, row: q.PaymentOrderRow) {
  if (!row.authorization_id) return row;
  let status: string;
  try {
    status = (await paymentProvider(deps).getAuthorization(row.authorization_id)).status;
  } catch (error) {
    if (!(error instanceof PaymentError) || error.reason !== "not_found") throw error;
    status = "VOIDED";
  }
  if (status !== "VOIDED" && status !== "DENIED") return row;
  return fail(deps, row, "voided", "The hold lapsed or was voided at PayPal", [], ["authorized"]);
}

/** The ledger line of a provider object now reads its settled status. */
async function updateLines(deps: AppDeps, row: q.PaymentOrderRow, status: string) {
  const ref = row.capture_id ?? row.authorization_id;
  if (!ref || !row.booking_id) return;
  await q.setLedgerStatus(deps.database.db, row.booking_id, ref, status);
}
