import type { AppDeps } from "../../platform/deps.ts";
import { fail } from "./complete-order.ts";
import { captureKind, type Movement } from "./ledger.ts";
import { changeOrder } from "./order-state.ts";
import { type Capture, PaymentError } from "./provider.ts";
import { paymentProvider } from "./provider-of.ts";
import * as q from "./queries.ts";
import { requestIds } from "./request-ids.ts";
import { refundOvercapture, voidHold } from "./settle.ts";

// Collecting held money: a remaining balance after its session, a hail's winner total when a
// creator accepts. An authorization is captured exactly once, with final_capture (no merchant
// account needs "multiple captures" for it); a hail's CAPTURE order is captured whole and what
// it charged above the winner's total goes back at once. The owning domain hears the result
// through its handlers (collected / failed), now or — for a PENDING capture — when the provider
// settles it.

export type CollectOutcome = "captured" | "pending" | "declined" | "nothing";

export type CollectInput = {
  /** What to take: the balance, or a hail winner's total. */
  amountCents: number;
  /** Of that, what counts as the booking's deposit (a hail's capture pays both at once). */
  depositCents?: number;
};

function movementsOf(order: q.PaymentOrderRow, capture: Capture, input: CollectInput): Movement[] {
  const base = { providerRef: capture.id, status: capture.status };
  if (order.purpose !== "hail") {
    return [{ ...base, kind: captureKind(order), amountCents: capture.amountCents }];
  }
  const deposit = Math.min(input.depositCents ?? 0, capture.amountCents);
  return [
    { ...base, kind: "deposit_capture", amountCents: deposit },
    { ...base, kind: "remainder_capture", amountCents: capture.amountCents - deposit },
  ];
}

export async function collect(
  deps: AppDeps,
  orderId: string,
  input: CollectInput,
): Promise<CollectOutcome> {
  const order = await q.findOrder(deps.database.db, orderId);
  if (!order) return "nothing";
  if (order.status === "captured") return "captured";
  if (order.status === "pending") return "pending";
  const provider = paymentProvider(deps);
  let capture: Capture;
  try {
    if (order.status === "authorized" && order.authorization_id) {
      capture = await provider.captureAuthorization(order.authorization_id, {
        amountCents: Math.min(input.amountCents, order.amount_cents),
        currency: order.currency.trim(),
        finalCapture: true,
        requestId: requestIds.captureHold(order.authorization_id),
      });
    } else if (order.status === "approved" && order.provider_order_id) {
      capture = await provider.captureOrder(
        order.provider_order_id,
        requestIds.captureOrder(order.provider_order_id),
      );
    } else {
      return "nothing";
    }
  } catch (error) {
    if (!(error instanceof PaymentError) || error.reason === "unavailable") throw error;
    deps.log.warn({ err: error, paymentOrderId: order.id }, "collecting a payment was refused");
    await fail(deps, order, order.status === "authorized" ? "voided" : "failed", error.message);
    return "declined";
  }
  const movements = movementsOf(order, capture, input);
  if (capture.status === "PENDING") {
    await changeOrder(deps, order, {
      from: [order.status],
      patch: { status: "pending", capture_id: capture.id },
      movements,
      react: (h, trx, o) => h.processing(trx, o),
    });
    return "pending";
  }
  if (capture.status !== "COMPLETED") {
    // The hold outlives a declined capture at PayPal: void it, or the client's card keeps it
    // while they approve the balance again.
    if (order.status === "authorized" && order.authorization_id) {
      await voidHold(deps, order.authorization_id);
    }
    await fail(deps, order, "failed", `The capture was ${capture.status.toLowerCase()}`, movements);
    return "declined";
  }
  const changed = await changeOrder(deps, order, {
    from: [order.status],
    patch: { status: "captured", capture_id: capture.id },
    movements,
    react: (h, trx, o) => h.collected(trx, o),
  });
  if (changed)
    await refundOvercapture(
      deps,
      changed.order,
      capture.id,
      capture.amountCents - input.amountCents,
    );
  return "captured";
}
