import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../../platform/logger.ts";
import { type FakePayPal, startFakePayPal } from "../../../test/fake-paypal/server.ts";
import { PaymentError, type PayoutItemStatus } from "../provider.ts";
import { createPayPalProvider } from "./paypal.ts";
import { payoutBatchFrom } from "./paypal-payouts.ts";

// The PayPal Payouts adapter against the strict fake PayPal over loopback: PayPal's payloads,
// the sender_batch_id that makes a repeat safe (recognised by reading the batch a refusal links
// to, never by the refusal's wording), and the item statuses PayPal names.

let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal();
});
afterAll(() => fake?.close());
afterEach(() => {
  expect(fake.violations.splice(0)).toEqual([]);
  expect(fake.requestIdReuse.splice(0)).toEqual([]);
});

/** Every URL the adapter fetched. */
let fetched: string[] = [];
/** Answers the adapter's next POST /v1/payments/payouts instead of the fake, when set. */
let nextPayoutAnswer: (() => Response) | null = null;

const paypal = () =>
  createPayPalProvider({
    config: fake.config,
    log: createLogger("silent"),
    retryDelaysMs: [1, 1],
    fetch: async (input, init) => {
      const url = String(input);
      fetched.push(url);
      const answer = nextPayoutAnswer;
      if (answer && init?.method === "POST" && new URL(url).pathname === "/v1/payments/payouts") {
        nextPayoutAnswer = null;
        return answer();
      }
      return fetch(input, init);
    },
  });

const input = (receiverEmail = "creator@pay.test") => ({
  senderBatchId: `SH-${randomUUID()}-1`,
  senderItemId: randomUUID(),
  receiverEmail,
  amountCents: 24_057,
  currency: "USD",
  note: "Your earnings",
});

const batchesOf = (senderBatchId: string) =>
  [...fake.payouts.batches.values()].filter((b) => b.senderBatchId === senderBatchId);

const batchReads = () =>
  fake.requests.filter((r) => r.operation === "getPayout").map((r) => r.path.split("/").at(-1));

/**
 * A 400 refusal of a payout, worded otherwise than PayPal's duplicate answer today, linking to
 * `links.details` (in details[].link) and `links.top` (in links).
 */
function refusal(links: { details?: string[]; top?: string[] }, issue = "SOMETHING_ELSE") {
  const link = (href: string) => ({ href, rel: "self", method: "GET" });
  const body = {
    name: "VALIDATION_ERROR",
    message: "Invalid request - see details",
    debug_id: "0123456789abc",
    details: [
      {
        field: "sender_batch_header.sender_batch_id",
        location: "body",
        issue,
        ...(links.details ? { link: links.details.map(link) } : {}),
      },
    ],
    links: (links.top ?? []).map(link),
  };
  return () =>
    new Response(JSON.stringify(body), {
      status: 400,
      headers: { "content-type": "application/json" },
    });
}

const batchUrl = (batchId: string, base = fake.baseUrl) => `${base}/v1/payments/payouts/${batchId}`;

async function failure(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

describe("PayPal payouts", () => {
  it("sends PayPal's body, answers the new batch without items, and reads the item back as SUCCESS", async () => {
    const request = input();
    const created = await paypal().createPayout(request);
    // PayPal's 201 has the batch header only.
    expect(created).toEqual({ batchId: expect.any(String), batchStatus: "PENDING", items: [] });
    const sent = fake.requests.findLast((r) => r.operation === "createPayout");
    expect(JSON.parse(sent?.body ?? "{}")).toEqual({
      sender_batch_header: {
        sender_batch_id: request.senderBatchId,
        email_subject: "You have a payout from ShutterHail",
        email_message: "Your earnings",
      },
      items: [
        {
          recipient_type: "EMAIL",
          receiver: "creator@pay.test",
          amount: { value: "240.57", currency: "USD" },
          note: "Your earnings",
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

  it("answers a repeat with the batch PayPal already made: one payment", async () => {
    const request = input();
    const first = await paypal().createPayout(request);
    // Same sender_batch_id, so the same PayPal-Request-Id: PayPal answers the first batch.
    const again = await paypal().createPayout(request);
    expect(again.batchId).toBe(first.batchId);
    expect(batchesOf(request.senderBatchId)).toHaveLength(1);
  });

  it("recognises a refused sender_batch_id by reading the linked batch back: one payment", async () => {
    const request = input();
    // A batch PayPal made under our sender_batch_id without keeping our request id (an earlier
    // attempt's), so PayPal refuses the id and links to the original.
    const made = fake.payouts.create(fake.baseUrl, {
      sender_batch_header: { sender_batch_id: request.senderBatchId },
      items: [
        {
          recipient_type: "EMAIL",
          receiver: request.receiverEmail,
          amount: { value: "240.57", currency: "USD" },
          sender_item_id: request.senderItemId,
        },
      ],
    });
    fetched = [];
    const adopted = await paypal().createPayout(request);
    expect(adopted.batchId).toBe(made.batchId);
    // Read back, with its item.
    expect(adopted.items).toMatchObject([
      { senderItemId: request.senderItemId, status: "SUCCESS" },
    ]);
    expect(fetched.filter((u) => u.includes("/v1/payments/payouts"))).toEqual([
      `${fake.baseUrl}/v1/payments/payouts`,
      batchUrl(made.batchId ?? ""),
    ]);
    expect(batchesOf(request.senderBatchId)).toHaveLength(1);
  });

  it("adopts the batch when PayPal acted but its answer was lost (5xx, then the retry)", async () => {
    const request = input();
    fake.failNext("createPayout", "server_error_after_acting");
    const batch = await paypal().createPayout(request);
    // The retry carried the same PayPal-Request-Id: PayPal answers the batch it made.
    expect(batchesOf(request.senderBatchId).map((b) => b.id)).toEqual([batch.batchId]);
    expect(batch.items).toEqual([]);
    const read = await paypal().getPayoutBatch(batch.batchId);
    expect(read.items).toMatchObject([{ senderItemId: request.senderItemId, status: "SUCCESS" }]);
  });

  it("adopts a batch a refusal links to whatever its wording, when the batch is ours", async () => {
    const request = input();
    const ours = await paypal().createPayout(request);
    nextPayoutAnswer = refusal({ details: [batchUrl(ours.batchId)] });
    expect((await paypal().createPayout(request)).batchId).toBe(ours.batchId);
    // The link may be only among the answer's top-level links (the published error schema).
    nextPayoutAnswer = refusal({ top: [batchUrl(ours.batchId)] });
    expect((await paypal().createPayout(request)).batchId).toBe(ours.batchId);
    expect(batchesOf(request.senderBatchId)).toHaveLength(1);
  });

  it("does not adopt a batch a refusal links to when it is someone else's", async () => {
    const theirs = await paypal().createPayout(input("someone@pay.test"));
    const request = input();
    nextPayoutAnswer = refusal({ details: [batchUrl(theirs.batchId)], top: [] });
    const before = batchReads().length;
    const error = await failure(paypal().createPayout(request));
    expect([error.reason, error.providerIssue]).toEqual(["rejected", "SOMETHING_ELSE"]);
    // It was read, and it was not ours.
    expect(batchReads().slice(before)).toEqual([theirs.batchId]);
    expect(batchesOf(request.senderBatchId)).toHaveLength(0);

    // PayPal's own duplicate wording changes nothing when the batch is not ours.
    nextPayoutAnswer = refusal(
      { details: [batchUrl(theirs.batchId)] },
      "Batch with given sender_batch_id already exists",
    );
    expect((await failure(paypal().createPayout(request))).reason).toBe("rejected");
  });

  it("reads a linked batch from PayPal's API only, whatever host the link names", async () => {
    const request = input();
    const ours = await paypal().createPayout(request);
    fetched = [];
    nextPayoutAnswer = refusal({ details: [batchUrl(ours.batchId, "https://evil.example")] });
    expect((await paypal().createPayout(request)).batchId).toBe(ours.batchId);
    expect(fetched.some((u) => u.includes("evil.example"))).toBe(false);
    expect(fetched.at(-1)).toBe(batchUrl(ours.batchId));
  });

  it("keeps the refusal when nothing it links to can be read, or it links to nothing", async () => {
    const request = input();
    nextPayoutAnswer = refusal({
      details: ["https://developer.paypal.com/docs/api/payments.payouts-batch/#errors"],
      top: [batchUrl("NOSUCHBATCH12")],
    });
    expect((await failure(paypal().createPayout(request))).providerIssue).toBe("SOMETHING_ELSE");
    nextPayoutAnswer = refusal({});
    expect((await failure(paypal().createPayout(request))).reason).toBe("rejected");
    expect(batchesOf(request.senderBatchId)).toHaveLength(0);
  });

  it("answers unavailable when the linked batch cannot be read for now (tried again later)", async () => {
    const request = input();
    const ours = await paypal().createPayout(request);
    nextPayoutAnswer = refusal({ details: [batchUrl(ours.batchId)] });
    fake.failNext("getPayout", "server_error", 3);
    expect((await failure(paypal().createPayout(request))).reason).toBe("unavailable");
  });

  it.each([
    "FAILED",
    "RETURNED",
    "BLOCKED",
    "UNCLAIMED",
    "ONHOLD",
    "REFUNDED",
    "REVERSED",
    "PENDING",
  ] satisfies PayoutItemStatus[])("reads an item's %s status", async (status) => {
    const email = `${status.toLowerCase()}-${randomUUID()}@pay.test`;
    fake.payouts.outcomes.set(email, status);
    const created = await paypal().createPayout(input(email));
    const read = await paypal().getPayoutBatch(created.batchId);
    expect(read.items[0]?.status).toBe(status);
  });

  it("reads a batch whose only item failed as DENIED, with the item's error", async () => {
    const email = `failed-${randomUUID()}@pay.test`;
    fake.payouts.outcomes.set(email, "FAILED");
    const created = await paypal().createPayout(input(email));
    expect(await paypal().getPayoutBatch(created.batchId)).toMatchObject({
      batchStatus: "DENIED",
      items: [{ status: "FAILED", error: "RECEIVER_UNREGISTERED" }],
    });
  });

  it("knows DENIED as a batch status only: PayPal has no such item status", () => {
    expect(() => fake.payouts.outcomes.set("denied@pay.test", "DENIED")).toThrow();
    expect(
      payoutBatchFrom({ batch_header: { payout_batch_id: "X", batch_status: "DENIED" } }),
    ).toEqual({ batchId: "X", batchStatus: "DENIED", items: [] });
    expect(() =>
      payoutBatchFrom({
        batch_header: { payout_batch_id: "X", batch_status: "DENIED" },
        items: [{ payout_item_id: "I", transaction_status: "DENIED" }],
      }),
    ).toThrow(PaymentError);
  });

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
