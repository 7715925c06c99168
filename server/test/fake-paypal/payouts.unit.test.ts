import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DAY_MS } from "./model.ts";
import { type FakePayPal, startFakePayPal } from "./server.ts";
import { type PayPalClient, paypalClient } from "./test-client.ts";

// Payouts v1 on the strict fake: the 201 answer without items, the batch and item reads, a
// repeated sender_batch_id refused with a link to the original, and the request id kept 30 days.

let fake: FakePayPal;
let client: PayPalClient;
let clock: Date;

beforeAll(async () => {
  fake = await startFakePayPal({ now: () => clock });
  client = paypalClient(fake);
});
afterAll(() => fake?.close());
beforeEach(() => {
  clock = new Date();
  client.dropToken();
});

const payout = (senderBatchId: string, value = "240.57", receiver = "creator@pay.test") => ({
  sender_batch_header: { sender_batch_id: senderBatchId, email_subject: "You have a payout" },
  items: [
    {
      recipient_type: "EMAIL",
      receiver,
      amount: { currency: "USD", value },
      note: "Your earnings",
      sender_item_id: randomUUID(),
    },
  ],
});
const create = (body: unknown, requestId: string | null = randomUUID()) =>
  client.post("/v1/payments/payouts", body, { requestId, full: false });

describe("payout batches", () => {
  it("answers a new batch 201 with its header only; GET shows the items and the sender_batch_id", async () => {
    const senderBatchId = `SH-${randomUUID()}`;
    const created = await create(payout(senderBatchId));
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["batch_header", "links"]);
    expect(created.body.batch_header).toMatchObject({
      batch_status: "PENDING",
      sender_batch_header: { sender_batch_id: senderBatchId },
    });
    const batchId = created.body.batch_header.payout_batch_id;
    const read = await client.get(`/v1/payments/payouts/${batchId}`);
    expect(read.body.batch_header).toMatchObject({
      batch_status: "SUCCESS",
      sender_batch_header: { sender_batch_id: senderBatchId },
      amount: { currency: "USD", value: "240.57" },
    });
    const [item] = read.body.items;
    expect(item).toMatchObject({
      transaction_status: "SUCCESS",
      payout_item: { receiver: "creator@pay.test" },
    });
    const one = await client.get(`/v1/payments/payouts-item/${item.payout_item_id}`);
    expect(one.body).toMatchObject({
      payout_item_id: item.payout_item_id,
      payout_batch_id: batchId,
    });
  });

  it("refuses a sender_batch_id used in the last 30 days, linking to the original batch", async () => {
    const senderBatchId = `SH-${randomUUID()}`;
    const first = await create(payout(senderBatchId));
    const original = `${fake.baseUrl}/v1/payments/payouts/${first.body.batch_header.payout_batch_id}`;
    const again = await create(payout(senderBatchId));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      name: "USER_BUSINESS_ERROR",
      details: [{ value: senderBatchId, link: [{ href: original, rel: "self", method: "GET" }] }],
      links: [{ href: original, rel: "self", method: "GET" }],
    });
    // A client recognises its own batch by reading the link back.
    const read = await client.get(new URL(again.body.links[0].href).pathname);
    expect(read.body.batch_header.sender_batch_header.sender_batch_id).toBe(senderBatchId);

    clock = new Date(clock.getTime() + 30 * DAY_MS + 1000);
    client.dropToken();
    expect((await create(payout(senderBatchId))).status).toBe(201);
  });

  it("answers a repeated PayPal-Request-Id with the same batch (30 days)", async () => {
    const requestId = randomUUID();
    const first = await create(payout(`SH-${randomUUID()}`), requestId);
    const again = await create(payout(`SH-${randomUUID()}`), requestId);
    expect(again.body.batch_header.payout_batch_id).toBe(first.body.batch_header.payout_batch_id);
  });

  it("ends an item in the status chosen for its receiver, and knows PayPal's statuses only", async () => {
    const receiver = `${randomUUID()}@pay.test`;
    fake.payouts.outcomes.set(receiver, "UNCLAIMED");
    const created = await create(payout(`SH-${randomUUID()}`, "10.00", receiver));
    const read = await client.get(
      `/v1/payments/payouts/${created.body.batch_header.payout_batch_id}`,
    );
    expect(read.body.items[0].transaction_status).toBe("UNCLAIMED");
    expect(() => fake.payouts.outcomes.set(receiver, "DENIED")).toThrow();
  });

  it("refuses a malformed batch with 400 VALIDATION_ERROR and records it", async () => {
    const res = await create(payout(`SH-${randomUUID()}`, "0.00"));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      name: "VALIDATION_ERROR",
      details: [{ field: "/items/0/amount/value", issue: "CANNOT_BE_ZERO_OR_NEGATIVE" }],
    });
    expect(fake.violations.at(-1)?.path).toBe("/v1/payments/payouts");
    const long = await create(payout("b".repeat(257)));
    expect(long.body.details[0]).toMatchObject({
      field: "/sender_batch_header/sender_batch_id",
      issue: "INVALID_STRING_LENGTH",
    });
  });

  it("answers 404 for an unknown batch", async () => {
    const res = await client.get("/v1/payments/payouts/NOSUCHBATCH1");
    expect([res.status, res.body.name]).toEqual([404, "INVALID_RESOURCE_ID"]);
  });
});
