import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../../platform/logger.ts";
import { type FakePayPal, startFakePayPal } from "../../../test/fake-paypal/server.ts";
import { PaymentError } from "../provider.ts";
import { createPayPalProvider } from "./paypal.ts";
import { payoutBatchFrom } from "./paypal-payouts.ts";

// The PayPal Payouts adapter against the fake PayPal over loopback: PayPal's payloads, the
// sender_batch_id that makes a repeat safe, and the item statuses.

let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal();
});
afterAll(() => fake?.close());

const paypal = () =>
  createPayPalProvider({ config: fake.config, log: createLogger("silent"), retryDelaysMs: [1, 1] });

const input = (receiverEmail = "creator@pay.test") => ({
  senderBatchId: `SH-${randomUUID()}-1`,
  senderItemId: randomUUID(),
  receiverEmail,
  amountCents: 24_057,
  currency: "USD",
  note: "Your earnings",
});

describe("PayPal payouts", () => {
  it("sends PayPal's body and reads the item back as SUCCESS", async () => {
    const request = input();
    const created = await paypal().createPayout(request);
    expect(created).toMatchObject({ batchStatus: "PENDING", items: [] });
    const sent = fake.requests.findLast((r) => r.operation === "createPayout");
    expect(JSON.parse(sent?.body ?? "{}")).toMatchObject({
      sender_batch_header: { sender_batch_id: request.senderBatchId },
      items: [
        {
          recipient_type: "EMAIL",
          receiver: "creator@pay.test",
          amount: { value: "240.57", currency: "USD" },
          sender_item_id: request.senderItemId,
        },
      ],
    });
    expect(sent?.requestId).toBe(request.senderBatchId);
    const read = await paypal().getPayoutBatch(created.batchId);
    expect(read).toEqual({
      batchId: created.batchId,
      batchStatus: "SUCCESS",
      items: [
        {
          itemId: expect.any(String),
          senderItemId: request.senderItemId,
          status: "SUCCESS",
          amountCents: 24_057,
          error: null,
        },
      ],
    });
  });

  it("answers a repeated sender_batch_id with the batch PayPal already made: one payment", async () => {
    const request = input();
    const first = await paypal().createPayout(request);
    const again = await paypal().createPayout(request);
    expect(again.batchId).toBe(first.batchId);
    const batches = [...fake.payouts.batches.values()].filter(
      (b) => b.senderBatchId === request.senderBatchId,
    );
    expect(batches).toHaveLength(1);
  });

  it("adopts the batch when PayPal acted but its answer was lost (5xx, then the retry)", async () => {
    const request = input();
    fake.failNext("createPayout", "server_error_after_acting");
    const batch = await paypal().createPayout(request);
    expect(batch.items).toHaveLength(1);
    expect(
      [...fake.payouts.batches.values()].filter((b) => b.senderBatchId === request.senderBatchId),
    ).toHaveLength(1);
  });

  it.each(["FAILED", "RETURNED", "BLOCKED", "UNCLAIMED", "ONHOLD", "REFUNDED", "DENIED"])(
    "reads an item's %s status",
    async (status) => {
      const email = `${status.toLowerCase()}-${randomUUID()}@pay.test`;
      fake.payouts.outcomes.set(email, status);
      const created = await paypal().createPayout(input(email));
      const read = await paypal().getPayoutBatch(created.batchId);
      expect(read.items[0]?.status).toBe(status);
    },
  );

  it("refuses an unknown status rather than guessing", () => {
    expect(() =>
      payoutBatchFrom({
        batch_header: { payout_batch_id: "X", batch_status: "SUCCESS" },
        items: [{ payout_item_id: "I", transaction_status: "MYSTERY" }],
      }),
    ).toThrow(PaymentError);
  });

  it("answers not_found for an unknown batch", async () => {
    await expect(paypal().getPayoutBatch("NOSUCHBATCH1")).rejects.toMatchObject({
      reason: "not_found",
    });
  });
});
