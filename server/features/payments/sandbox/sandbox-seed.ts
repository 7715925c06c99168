import { HOLD_LIFETIME } from "../../../../contracts/constants.ts";
import { insertLedgerLine, insertOrder, type OrderPurpose, patchOrder } from "../queries.ts";
import { insertRow, markCaptureRefunded } from "./sandbox-queries.ts";
import { checkoutUrl, newId, ORDER_APPROVAL_WINDOW_MS, type Trx } from "./sandbox-store.ts";

// The demo world's payments (server/db/seed): what the sandbox provider and the payments
// domain would hold had each booking been paid through the app — the provider's order,
// authorization and capture, our payment order and its ledger lines — written at once.

const DAY_MS = 24 * 60 * 60 * 1000;

type SeedBooking = { id: string; currency: string };

export type SeedPayment = {
  purpose: Exclude<OrderPurpose, "hail">;
  booking: SeedBooking;
  amountCents: number;
  /** captured: a CAPTURE order paid; authorized: a hold; captured_hold: a hold later captured. */
  state: "captured" | "authorized" | "captured_hold";
  at: Date;
  capturedAt?: Date;
};

export async function seedSandboxPayment(trx: Trx, p: SeedPayment) {
  const intent = p.state === "captured" ? "CAPTURE" : "AUTHORIZE";
  const orderId = newId("SBX");
  const common = { currency: p.booking.currency, expires_at: null };
  const order = await insertOrder(trx, {
    purpose: p.purpose,
    subjectId: p.booking.id,
    bookingId: p.booking.id,
    provider: "sandbox",
    intent,
    amountCents: p.amountCents,
    currency: p.booking.currency,
    at: p.at,
  });
  await insertRow(
    trx,
    {
      ...common,
      id: orderId,
      kind: "order",
      parent_id: null,
      status: "COMPLETED",
      amount_cents: p.amountCents,
      data: {
        description: "Demo booking",
        intent,
        referenceId: p.booking.id,
        customId: order.id,
        returnUrl: "/api/payments/return",
        cancelUrl: "/api/payments/cancel",
        outcome: "approve",
      },
    },
    p.at,
  );
  const ledger = async (
    kind: Parameters<typeof insertLedgerLine>[1]["kind"],
    ref: string,
    status: string,
    at: Date,
  ) =>
    insertLedgerLine(trx, {
      bookingId: p.booking.id,
      orderId: order.id,
      kind,
      amountCents: p.amountCents,
      currency: p.booking.currency,
      provider: "sandbox",
      providerRef: ref,
      status,
      at,
    });
  const captureKind = p.purpose === "booking_deposit" ? "deposit_capture" : "remainder_capture";
  let authorizationId: string | null = null;
  if (intent === "AUTHORIZE") {
    authorizationId = newId("SBXAUTH");
    await insertRow(
      trx,
      {
        ...common,
        id: authorizationId,
        kind: "authorization",
        parent_id: orderId,
        status: p.state === "captured_hold" ? "CAPTURED" : "CREATED",
        amount_cents: p.amountCents,
        expires_at: new Date(p.at.getTime() + HOLD_LIFETIME.validDays * DAY_MS),
        data: {
          orderId,
          honoredUntil: new Date(p.at.getTime() + HOLD_LIFETIME.honoredDays * DAY_MS).toISOString(),
          capturedCents: p.state === "captured_hold" ? p.amountCents : 0,
        },
      },
      p.at,
    );
    await ledger("authorization", authorizationId, "CREATED", p.at);
  }
  let captureId: string | null = null;
  if (p.state !== "authorized") {
    captureId = newId("SBXCAP");
    const at = p.capturedAt ?? p.at;
    await insertRow(
      trx,
      {
        ...common,
        id: captureId,
        kind: "capture",
        parent_id: authorizationId ?? orderId,
        status: "COMPLETED",
        amount_cents: p.amountCents,
        data: { authorizationId, orderId, refundedCents: 0 },
      },
      at,
    );
    await ledger(captureKind, captureId, "COMPLETED", at);
  }
  await patchOrder(
    trx,
    order.id,
    ["creating"],
    {
      status: captureId ? "captured" : "authorized",
      provider_order_id: orderId,
      authorization_id: authorizationId,
      capture_id: captureId,
    },
    p.capturedAt ?? p.at,
  );
  return { orderId, paymentOrderId: order.id, captureId: captureId ?? "", authorizationId };
}

/** A refund of a seeded capture, with its ledger line. */
export async function seedSandboxRefund(
  trx: Trx,
  booking: SeedBooking,
  captureId: string,
  amountCents: number,
  at: Date,
) {
  const refundId = newId("SBXREF");
  await insertRow(
    trx,
    {
      id: refundId,
      kind: "refund",
      parent_id: captureId,
      status: "COMPLETED",
      amount_cents: amountCents,
      currency: booking.currency,
      data: {},
      expires_at: null,
    },
    at,
  );
  await markCaptureRefunded(trx, captureId);
  await insertLedgerLine(trx, {
    bookingId: booking.id,
    orderId: null,
    kind: "refund",
    amountCents,
    currency: booking.currency,
    provider: "sandbox",
    providerRef: refundId,
    status: "COMPLETED",
    at,
  });
}

/**
 * A deposit's order the client has not approved yet (the demo's unpaid booking): the sandbox's
 * order and our payment order awaiting the buyer, with its checkout link (relative to the site).
 */
export async function seedSandboxAwaitingOrder(
  trx: Trx,
  p: { booking: SeedBooking; amountCents: number; at: Date },
) {
  const orderId = newId("SBX");
  const order = await insertOrder(trx, {
    purpose: "booking_deposit",
    subjectId: p.booking.id,
    bookingId: p.booking.id,
    provider: "sandbox",
    intent: "CAPTURE",
    amountCents: p.amountCents,
    currency: p.booking.currency,
    at: p.at,
  });
  const approveBy = new Date(p.at.getTime() + ORDER_APPROVAL_WINDOW_MS);
  await insertRow(
    trx,
    {
      id: orderId,
      kind: "order",
      parent_id: null,
      status: "CREATED",
      amount_cents: p.amountCents,
      currency: p.booking.currency,
      expires_at: approveBy,
      data: {
        description: "Demo booking: deposit",
        intent: "CAPTURE",
        referenceId: p.booking.id,
        customId: order.id,
        returnUrl: "/api/payments/return",
        cancelUrl: "/api/payments/cancel",
      },
    },
    p.at,
  );
  await patchOrder(
    trx,
    order.id,
    ["creating"],
    {
      status: "awaiting_buyer",
      provider_order_id: orderId,
      approve_url: checkoutUrl("", orderId),
      approve_by: approveBy,
    },
    p.at,
  );
  return orderId;
}
