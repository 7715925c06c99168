import type { AppDeps } from "../../platform/deps.ts";
import type { ReturnOutcome } from "./handlers.ts";
import { captureKind } from "./ledger.ts";
import { changeOrder } from "./order-state.ts";
import { type Authorization, type Capture, type Order, PaymentError } from "./provider.ts";
import { paymentProvider } from "./provider-of.ts";
import * as q from "./queries.ts";
import { requestIds } from "./request-ids.ts";
import { giveBack } from "./settle.ts";

// After the buyer approved at the provider (our return URL, a webhook, or a job noticing): the
// order is re-read from the provider — never trusted from the browser or the event — checked
// against what we opened it for, then authorized or captured as its intent says. Every step is
// idempotent, so the return URL and a webhook may run it at once, in either order.

/** The buyer has not approved the order at the provider (yet). */
export const awaitingBuyer = (order: Pick<Order, "status">) =>
  order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED";

/** The provider's order is the one we opened: same amount, currency and references. */
function matches(row: q.PaymentOrderRow, order: Order): string | null {
  if (order.amountCents !== row.amount_cents)
    return `amount ${order.amountCents} ≠ ${row.amount_cents}`;
  if (order.currency !== row.currency.trim()) return `currency ${order.currency}`;
  if (order.referenceId !== null && order.referenceId !== row.subject_id) return "reference";
  if (order.customId !== null && order.customId !== row.id) return "custom id";
  if (order.intent !== row.intent) return `intent ${order.intent}`;
  return null;
}

const OUTCOME_OF: Record<q.OrderStatus, ReturnOutcome> = {
  creating: "processing",
  awaiting_buyer: "processing",
  approved: "approved",
  authorized: "approved",
  captured: "approved",
  pending: "processing",
  voided: "failed",
  failed: "failed",
  expired: "failed",
  cancelled: "cancelled",
};

export async function completeOrder(
  deps: AppDeps,
  row: q.PaymentOrderRow,
): Promise<{ order: q.PaymentOrderRow; outcome: ReturnOutcome }> {
  const settled = (order: q.PaymentOrderRow, outcome = OUTCOME_OF[order.status]) => ({
    order,
    outcome,
  });
  if (row.status !== "awaiting_buyer" || !row.provider_order_id) return settled(row);
  const provider = paymentProvider(deps);
  let order: Order;
  try {
    order = await provider.getOrder(row.provider_order_id);
  } catch (error) {
    if (!(error instanceof PaymentError) || error.reason === "unavailable") throw error;
    // Gone at the provider (past its approval window): nothing was taken.
    return settled(
      await fail(deps, row, "expired", `The order is gone at PayPal: ${error.message}`),
    );
  }
  const mismatch = matches(row, order);
  if (mismatch) {
    deps.log.error({ paymentOrderId: row.id, mismatch }, "provider order does not match ours");
    return settled(
      await fail(deps, row, "failed", `The provider's order does not match (${mismatch})`),
    );
  }
  if (awaitingBuyer(order)) return settled(row);
  try {
    if (row.intent === "AUTHORIZE") return settled(await authorize(deps, row, order));
    // A hail's CAPTURE order is captured when a creator accepts it (collect).
    if (row.purpose === "hail") return settled(await approved(deps, row));
    return settled(await capture(deps, row, order));
  } catch (error) {
    if (!(error instanceof PaymentError) || error.reason === "unavailable") throw error;
    if (error.reason === "declined")
      return settled(await backToBuyer(deps, row, error), "declined");
    const status = error.reason === "order_expired" ? "expired" : "failed";
    deps.log.warn(
      { err: error, paymentOrderId: row.id },
      "the provider refused the approved order",
    );
    return settled(await fail(deps, row, status, error.message));
  }
}

async function authorize(deps: AppDeps, row: q.PaymentOrderRow, order: Order) {
  const authorization: Authorization =
    order.authorizations.at(-1) ??
    (await paymentProvider(deps).authorizeOrder(order.id, requestIds.authorizeOrder(order.id)));
  const hold = {
    kind: "authorization" as const,
    amountCents: authorization.amountCents,
    providerRef: authorization.id,
    status: authorization.status,
  };
  if (authorization.status === "PENDING") {
    return moved(deps, row, {
      from: ["awaiting_buyer"],
      patch: { status: "pending", authorization_id: authorization.id },
      movements: [hold],
      react: (h, trx, o) => h.processing(trx, o),
    });
  }
  if (authorization.status !== "CREATED") {
    return fail(deps, row, "failed", `The hold was ${authorization.status.toLowerCase()}`);
  }
  return secure(deps, row, { status: "authorized", authorization_id: authorization.id }, [hold]);
}

async function capture(deps: AppDeps, row: q.PaymentOrderRow, order: Order) {
  const capture: Capture =
    order.captures.at(-1) ??
    (await paymentProvider(deps).captureOrder(order.id, requestIds.captureOrder(order.id)));
  const line = {
    kind: captureKind(row),
    amountCents: capture.amountCents,
    providerRef: capture.id,
    status: capture.status,
  };
  if (capture.status === "PENDING") {
    return moved(deps, row, {
      from: ["awaiting_buyer"],
      patch: { status: "pending", capture_id: capture.id },
      movements: [line],
      react: (h, trx, o) => h.processing(trx, o),
    });
  }
  if (capture.status !== "COMPLETED") {
    // A declined capture completes the order at PayPal: a new order is needed to pay.
    return fail(deps, row, "failed", `The payment was ${capture.status.toLowerCase()}`, [line]);
  }
  return secure(deps, row, { status: "captured", capture_id: capture.id }, [line]);
}

const approved = (deps: AppDeps, row: q.PaymentOrderRow) =>
  secure(deps, row, { status: "approved" }, []);

/** The money is in or held: the owner takes it, or (ended meanwhile) it goes back. */
async function secure(
  deps: AppDeps,
  row: q.PaymentOrderRow,
  patch: q.OrderPatch,
  movements: NonNullable<Parameters<typeof changeOrder>[2]["movements"]>,
  from: readonly q.OrderStatus[] = ["awaiting_buyer"],
) {
  const changed = await changeOrder(deps, row, {
    from,
    patch,
    movements,
    react: (h, trx, o) => h.secured(trx, o),
  });
  if (!changed) return (await q.findOrder(deps.database.db, row.id)) ?? row;
  if (!changed.wanted) return giveBack(deps, changed.order);
  return changed.order;
}

async function moved(
  deps: AppDeps,
  row: q.PaymentOrderRow,
  change: Parameters<typeof changeOrder>[2],
) {
  const changed = await changeOrder(deps, row, change);
  return changed?.order ?? (await q.findOrder(deps.database.db, row.id)) ?? row;
}

/** A declined funding source: PayPal sends the buyer back to choose another one. */
async function backToBuyer(deps: AppDeps, row: q.PaymentOrderRow, error: PaymentError) {
  const again = await paymentProvider(deps)
    .getOrder(row.provider_order_id ?? "")
    .catch(() => null);
  const url = error.payerActionUrl ?? again?.approveUrl ?? null;
  if (!url) return fail(deps, row, "failed", error.message);
  return moved(deps, row, {
    from: ["awaiting_buyer"],
    patch: { approve_url: url, failure: error.message },
    react: (h, trx, o) => h.needsBuyer(trx, o),
  });
}

export async function fail(
  deps: AppDeps,
  row: q.PaymentOrderRow,
  status: "failed" | "expired" | "voided",
  why: string,
  movements: Parameters<typeof changeOrder>[2]["movements"] = [],
  from: readonly q.OrderStatus[] = ["awaiting_buyer", "approved", "pending", "authorized"],
) {
  return moved(deps, row, {
    from,
    patch: { status, failure: why },
    movements,
    react: (h, trx, o) => h.failed(trx, o, why),
  });
}
