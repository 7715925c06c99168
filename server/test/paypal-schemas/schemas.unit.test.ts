import { describe, expect, it } from "vitest";
import { requestIdHeader } from "./common.ts";
import { checkRequest } from "./issues.ts";
import { createOrderRequest, order, orderMinimal } from "./orders.ts";
import { authorization, captureRequest, refundRequest } from "./payments.ts";
import { createPayoutRequest, payoutCreated, transactionStatus } from "./payouts.ts";
import { webhookEvent } from "./webhooks.ts";

// The schemas written from PayPal's published descriptions refuse the shapes PayPal refuses,
// with the issue names PayPal answers.

const unit = (overrides: Record<string, unknown> = {}) => ({
  reference_id: "booking-1",
  description: "Portrait session",
  amount: { currency_code: "USD", value: "150.00" },
  ...overrides,
});
const orderRequest = (unitOverrides: Record<string, unknown> = {}) => ({
  intent: "AUTHORIZE",
  purchase_units: [unit(unitOverrides)],
  payment_source: {
    paypal: {
      experience_context: {
        return_url: "https://shutterhail.test/paid",
        cancel_url: "https://shutterhail.test/cancel",
        shipping_preference: "NO_SHIPPING",
      },
    },
  },
});

const issuesOf = (schema: Parameters<typeof checkRequest>[0], input: unknown) => {
  const result = checkRequest(schema, input);
  return result && { status: result.status, issues: result.details.map((d) => [d.field, d.issue]) };
};

describe("PayPal request schemas", () => {
  it("accept what our adapter sends", () => {
    expect(checkRequest(createOrderRequest, orderRequest())).toBeNull();
    expect(checkRequest(createOrderRequest, { ...orderRequest(), intent: "CAPTURE" })).toBeNull();
    const amount = { currency_code: "USD", value: "45.00" };
    expect(checkRequest(captureRequest, { amount, final_capture: false })).toBeNull();
    expect(checkRequest(refundRequest, {})).toBeNull();
    expect(checkRequest(captureRequest, { amount: { ...amount, value: "19" } })).toBeNull();
  });

  it("refuse a description of 128 characters, counting an emoji as one", () => {
    expect(issuesOf(createOrderRequest, orderRequest({ description: "x".repeat(128) }))).toEqual({
      status: 400,
      issues: [["/purchase_units/0/description", "INVALID_STRING_LENGTH"]],
    });
    const emoji = `${"x".repeat(126)}📷`;
    expect(checkRequest(createOrderRequest, orderRequest({ description: emoji }))).toBeNull();
  });

  it("refuse over-long references, ids and descriptors", () => {
    const long = orderRequest({
      reference_id: "r".repeat(257),
      custom_id: "c".repeat(128),
      invoice_id: "i".repeat(128),
      soft_descriptor: "s".repeat(23),
    });
    expect(issuesOf(createOrderRequest, long)?.issues.map((i) => i[0])).toEqual([
      "/purchase_units/0/reference_id",
      "/purchase_units/0/custom_id",
      "/purchase_units/0/invoice_id",
      "/purchase_units/0/soft_descriptor",
    ]);
  });

  it("refuse 0.00 and negative amounts (422 CANNOT_BE_ZERO_OR_NEGATIVE)", () => {
    for (const value of ["0.00", "0", "-1.00"]) {
      expect(
        issuesOf(createOrderRequest, orderRequest({ amount: { currency_code: "USD", value } })),
      ).toEqual({
        status: 422,
        issues: [["/purchase_units/0/amount/value", "CANNOT_BE_ZERO_OR_NEGATIVE"]],
      });
    }
  });

  it("refuse 1.5 and 1.234 (422 DECIMAL_PRECISION) and a JPY fraction", () => {
    for (const value of ["1.5", "1.234"]) {
      expect(issuesOf(captureRequest, { amount: { currency_code: "USD", value } })).toEqual({
        status: 422,
        issues: [["/amount/value", "DECIMAL_PRECISION"]],
      });
    }
    expect(issuesOf(refundRequest, { amount: { currency_code: "JPY", value: "100.50" } })).toEqual({
      status: 422,
      issues: [["/amount/value", "DECIMALS_NOT_SUPPORTED"]],
    });
  });

  it("refuse malformed requests with 400 issues", () => {
    expect(issuesOf(createOrderRequest, { purchase_units: [] })).toEqual({
      status: 400,
      issues: [
        ["/intent", "MISSING_REQUIRED_PARAMETER"],
        ["/purchase_units", "INVALID_ARRAY_MIN_ITEMS"],
      ],
    });
    expect(issuesOf(createOrderRequest, { ...orderRequest(), intent: "SALE" })?.issues).toEqual([
      ["/intent", "INVALID_PARAMETER_VALUE"],
    ]);
    const badValue = { amount: { currency_code: "USD", value: "1,00" } };
    expect(issuesOf(captureRequest, badValue)?.issues).toEqual([
      ["/amount/value", "INVALID_PARAMETER_SYNTAX"],
    ]);
    const noUnits = { ...orderRequest(), purchase_units: Array.from({ length: 11 }, () => unit()) };
    expect(issuesOf(createOrderRequest, noUnits)?.issues).toEqual([
      ["/purchase_units", "INVALID_ARRAY_MAX_ITEMS"],
    ]);
  });

  it("refuse a PayPal-Request-Id of 109 characters", () => {
    expect(requestIdHeader.safeParse("r".repeat(108)).success).toBe(true);
    expect(requestIdHeader.safeParse("r".repeat(109)).success).toBe(false);
  });

  it("check payout requests: sender_batch_id ≤ 256, amounts, receiver required", () => {
    const payout = (senderBatchId: string, value = "10.00", receiver?: string) => ({
      sender_batch_header: { sender_batch_id: senderBatchId },
      items: [{ recipient_type: "EMAIL", amount: { currency: "USD", value }, receiver }],
    });
    expect(checkRequest(createPayoutRequest, payout("b".repeat(256), "10.00", "a@b.c"))).toBeNull();
    expect(issuesOf(createPayoutRequest, payout("b".repeat(257), "0.00"))?.issues).toEqual([
      ["/sender_batch_header/sender_batch_id", "INVALID_STRING_LENGTH"],
      ["/items/0/amount/value", "CANNOT_BE_ZERO_OR_NEGATIVE"],
      ["/items/0/receiver", "MISSING_REQUIRED_PARAMETER"],
    ]);
  });
});

describe("PayPal answer schemas", () => {
  const links = [{ href: "https://api.test/v2/checkout/orders/ABC", rel: "self", method: "GET" }];
  const time = "2025-01-01T10:00:00Z";

  it("know PayPal's statuses and no others", () => {
    const base = {
      id: "AUTH1",
      amount: { currency_code: "USD", value: "10.00" },
      expiration_time: time,
      create_time: time,
      update_time: time,
      links,
    };
    expect(authorization.safeParse({ ...base, status: "VOIDED" }).success).toBe(true);
    expect(authorization.safeParse({ ...base, status: "EXPIRED" }).success).toBe(false);
    expect(
      authorization.safeParse({
        ...base,
        status: "CREATED",
        amount: { currency_code: "USD", value: "1.5" },
      }).success,
    ).toBe(false);
    expect(transactionStatus.safeParse("DENIED").success).toBe(false);
  });

  it("tell a minimal order from a full one", () => {
    const minimal = { id: "ABC", status: "CREATED", links };
    expect(orderMinimal.safeParse(minimal).success).toBe(true);
    expect(order.safeParse(minimal).success).toBe(false);
  });

  it("refuse items in a new batch's 201 answer", () => {
    const created = {
      batch_header: {
        payout_batch_id: "B1",
        batch_status: "PENDING",
        sender_batch_header: { sender_batch_id: "S1" },
      },
      links,
    };
    expect(payoutCreated.safeParse(created).success).toBe(true);
    expect(payoutCreated.safeParse({ ...created, items: [] }).success).toBe(false);
  });

  it("check the webhook envelope", () => {
    const event = {
      id: "WH-1",
      create_time: time,
      resource_type: "capture",
      event_version: "1.0",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      summary: "Payment completed",
      resource_version: "2.0",
      resource: { id: "CAP1" },
    };
    expect(webhookEvent.safeParse(event).success).toBe(true);
    expect(webhookEvent.safeParse({ ...event, event_version: "one" }).success).toBe(false);
    expect(webhookEvent.safeParse({ ...event, resource: "CAP1" }).success).toBe(false);
  });
});
