import { randomInt } from "node:crypto";
import type { z } from "zod";
import { transactionStatus } from "../paypal-schemas/payouts.ts";
import { debugId, FakePayPalError } from "./errors.ts";
import { DAY_MS } from "./model.ts";
import { cents } from "./routes.ts";

// The fake PayPal's Payouts v1 (openapi/payments_payouts_batch_v1.json). POST
// /v1/payments/payouts makes a batch and answers 201 with its batch_header only (PENDING, no
// items); GET /v1/payments/payouts/{id} reads it with its items, GET
// /v1/payments/payouts-item/{id} one item. A sender_batch_id used in the last 30 days is refused
// (400 USER_BUSINESS_ERROR showing the duplicate id, with a link to the original batch; read
// back, the original shows its sender_batch_header.sender_batch_id). An item is PENDING until
// first read, then what the test chose for its receiver (`outcomes`, SUCCESS by default).

type TransactionStatus = z.infer<typeof transactionStatus>;

export type FakePayoutItem = {
  id: string;
  senderItemId: string | null;
  receiver: string;
  recipientType: "EMAIL" | "PHONE" | "PAYPAL_ID";
  amountCents: number;
  currency: string;
  note: string | null;
  status: TransactionStatus;
  processedAt: Date | null;
};

export type FakePayoutBatch = {
  id: string;
  /** "" when the request gave none (the spec does not require one). */
  senderBatchId: string;
  emailSubject: string | null;
  emailMessage: string | null;
  status: "PENDING" | "PROCESSING" | "SUCCESS" | "DENIED";
  createTime: Date;
  items: FakePayoutItem[];
};

type PayoutRequest = {
  sender_batch_header: { sender_batch_id?: string; email_subject?: string; email_message?: string };
  items: {
    recipient_type?: "EMAIL" | "PHONE" | "PAYPAL_ID";
    receiver: string;
    amount: { currency: string; value: string };
    note?: string;
    sender_item_id?: string;
  }[];
};

const ID_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const fakeId = () =>
  Array.from({ length: 13 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join("");

const FAILED_ITEM = new Set<TransactionStatus>([
  "FAILED",
  "RETURNED",
  "BLOCKED",
  "REFUNDED",
  "REVERSED",
]);
const decimal = (amountCents: number) => (amountCents / 100).toFixed(2);
const iso = (date: Date) => date.toISOString();

/** Receiver → the transaction_status its items end in; throws for a status PayPal lacks. */
class Outcomes extends Map<string, string> {
  override set(receiver: string, status: string) {
    const known = transactionStatus.safeParse(status);
    if (!known.success) throw new Error(`PayPal has no payout item status ${status}`);
    return super.set(receiver, status);
  }
}

export class FakePayouts {
  readonly batches = new Map<string, FakePayoutBatch>();
  /** Receiver address → the transaction_status its items end in (SUCCESS by default). */
  readonly outcomes: Map<string, string> = new Outcomes();

  constructor(private readonly now: () => Date) {}

  /** The batch made in the last 30 days with this sender_batch_id. */
  private recent(senderBatchId: string) {
    const since = this.now().getTime() - 30 * DAY_MS;
    return [...this.batches.values()].find(
      (b) => b.senderBatchId === senderBatchId && b.createTime.getTime() >= since,
    );
  }

  /** POST /v1/payments/payouts (the request already passed the schema). */
  create(base: string, input: PayoutRequest): { status: number; body: unknown; batchId?: string } {
    const header = input.sender_batch_header;
    const senderBatchId = header.sender_batch_id ?? "";
    const existing = senderBatchId ? this.recent(senderBatchId) : undefined;
    if (existing && senderBatchId)
      return { status: 400, body: this.duplicate(base, existing, senderBatchId) };
    const batch: FakePayoutBatch = {
      id: fakeId(),
      senderBatchId,
      emailSubject: header.email_subject ?? null,
      emailMessage: header.email_message ?? null,
      status: "PENDING",
      createTime: this.now(),
      items: input.items.map((item) => ({
        id: fakeId(),
        senderItemId: item.sender_item_id ?? null,
        receiver: item.receiver,
        recipientType: item.recipient_type ?? "EMAIL",
        amountCents: cents(item.amount) ?? 0,
        currency: item.amount.currency,
        note: item.note ?? null,
        status: "PENDING",
        processedAt: null,
      })),
    };
    this.batches.set(batch.id, batch);
    return { status: 201, body: this.createdJson(base, batch), batchId: batch.id };
  }

  /** The 201 answer: batch_header (with the sender's header) and links, no items. */
  createdJson(base: string, batch: FakePayoutBatch) {
    return {
      batch_header: {
        payout_batch_id: batch.id,
        batch_status: batch.status,
        sender_batch_header: this.senderHeader(batch),
      },
      links: [this.selfLink(base, batch)],
    };
  }

  /** GET /v1/payments/payouts/{id}: the batch with its items (processed on first read). */
  read(base: string, id: string) {
    const batch = this.batches.get(id);
    if (!batch) throw new FakePayPalError(404, "INVALID_RESOURCE_ID", "INVALID_RESOURCE_ID");
    this.process(batch);
    const total = batch.items.reduce((sum, i) => sum + i.amountCents, 0);
    const currency = batch.items[0]?.currency ?? "USD";
    return {
      batch_header: {
        payout_batch_id: batch.id,
        batch_status: batch.status,
        time_created: iso(batch.createTime),
        ...(batch.status === "SUCCESS" ? { time_completed: iso(this.now()) } : {}),
        sender_batch_header: this.senderHeader(batch),
        amount: { currency, value: decimal(total) },
        fees: { currency, value: decimal(batch.items.length * 25) },
      },
      items: batch.items.map((item) => this.itemJson(base, batch, item)),
      links: [this.selfLink(base, batch)],
    };
  }

  /** GET /v1/payments/payouts-item/{id}; also a payout item webhook's `resource`. */
  item(base: string, itemId: string) {
    for (const batch of this.batches.values()) {
      const item = batch.items.find((i) => i.id === itemId);
      if (!item) continue;
      this.process(batch);
      return this.itemJson(base, batch, item);
    }
    throw new FakePayPalError(404, "INVALID_RESOURCE_ID", "INVALID_RESOURCE_ID");
  }

  private process(batch: FakePayoutBatch) {
    for (const item of batch.items) {
      if (item.status !== "PENDING") continue;
      item.status = (this.outcomes.get(item.receiver) ?? "SUCCESS") as TransactionStatus;
      item.processedAt = this.now();
    }
    const done = batch.items.every((i) => i.status !== "PENDING" && i.status !== "ONHOLD");
    batch.status = batch.items.every((i) => FAILED_ITEM.has(i.status))
      ? "DENIED"
      : done
        ? "SUCCESS"
        : "PROCESSING";
  }

  private duplicate(base: string, existing: FakePayoutBatch, senderBatchId: string) {
    const original = this.selfLink(base, existing);
    return {
      name: "USER_BUSINESS_ERROR",
      message: "User business error.",
      debug_id: debugId(),
      information_link: "https://developer.paypal.com/docs/api/payments.payouts-batch/#errors",
      details: [
        {
          field: "SENDER_BATCH_ID",
          value: senderBatchId,
          location: "body",
          issue: "Batch with given sender_batch_id already exists",
          // Where PayPal's live answers put the original batch's link…
          link: [original],
        },
      ],
      // …and where the published `error` schema puts HATEOAS links.
      links: [original],
    };
  }

  private senderHeader(batch: FakePayoutBatch) {
    return {
      ...(batch.senderBatchId ? { sender_batch_id: batch.senderBatchId } : {}),
      ...(batch.emailSubject ? { email_subject: batch.emailSubject } : {}),
      ...(batch.emailMessage ? { email_message: batch.emailMessage } : {}),
    };
  }

  private selfLink(base: string, batch: FakePayoutBatch) {
    return {
      href: `${base}/v1/payments/payouts/${batch.id}`,
      rel: "self",
      method: "GET" as const,
      encType: "application/json",
    };
  }

  private itemJson(base: string, batch: FakePayoutBatch, item: FakePayoutItem) {
    const money = (amountCents: number) => ({
      currency: item.currency,
      value: decimal(amountCents),
    });
    return {
      payout_item_id: item.id,
      ...(item.status === "SUCCESS" ? { transaction_id: `${item.id}TX` } : {}),
      transaction_status: item.status,
      payout_item_fee: money(Math.min(25, item.amountCents)),
      payout_batch_id: batch.id,
      ...(batch.senderBatchId ? { sender_batch_id: batch.senderBatchId } : {}),
      payout_item: {
        recipient_type: item.recipientType,
        amount: money(item.amountCents),
        ...(item.note ? { note: item.note } : {}),
        receiver: item.receiver,
        ...(item.senderItemId ? { sender_item_id: item.senderItemId } : {}),
        recipient_wallet: "PAYPAL" as const,
      },
      ...(item.processedAt ? { time_processed: iso(item.processedAt) } : {}),
      ...(FAILED_ITEM.has(item.status)
        ? {
            errors: {
              name: "RECEIVER_UNREGISTERED",
              message: "Receiver is unregistered",
              debug_id: debugId(),
              information_link:
                "https://developer.paypal.com/docs/api/payments.payouts-batch/#errors",
            },
          }
        : {}),
      links: [
        {
          href: `${base}/v1/payments/payouts-item/${item.id}`,
          rel: "item",
          method: "GET" as const,
          encType: "application/json",
        },
      ],
    };
  }
}
