import { randomInt } from "node:crypto";
import { cents } from "./routes.ts";
import { FakePayPalError } from "./state.ts";

// The fake PayPal's Payouts v1: POST /v1/payments/payouts makes a batch (answered 201 with its
// batch_header, batch_status PENDING, as PayPal's asynchronous mode does) and GET
// /v1/payments/payouts/{payout_batch_id} reads it with its items. The sender_batch_id is
// unique: a repeat is refused with PayPal's 400 USER_BUSINESS_ERROR, whose details link to the
// original batch. An item's status is PENDING until read, then what the test chose for its
// receiver (SUCCESS unless outcomes says otherwise).

export type FakePayoutItem = {
  id: string;
  senderItemId: string | null;
  receiver: string;
  amountCents: number;
  currency: string;
  note: string | null;
  status: string;
};

export type FakePayoutBatch = {
  id: string;
  senderBatchId: string;
  status: string;
  createTime: Date;
  items: FakePayoutItem[];
};

const ID_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const fakeId = () =>
  Array.from({ length: 13 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join("");

const FAILED_ITEM = new Set(["FAILED", "RETURNED", "BLOCKED", "REFUNDED", "REVERSED", "DENIED"]);

export class FakePayouts {
  readonly batches = new Map<string, FakePayoutBatch>();
  /** Receiver address → the transaction_status its items end in. */
  readonly outcomes = new Map<string, string>();

  constructor(private readonly now: () => Date) {}

  create(base: string, input: Record<string, unknown>) {
    const header = input.sender_batch_header as { sender_batch_id?: unknown } | undefined;
    const senderBatchId = header?.sender_batch_id;
    if (typeof senderBatchId !== "string" || !senderBatchId) {
      throw new FakePayPalError(400, "MISSING_REQUIRED_PARAMETER", "VALIDATION_ERROR");
    }
    const existing = [...this.batches.values()].find((b) => b.senderBatchId === senderBatchId);
    if (existing) {
      return {
        status: 400,
        body: {
          name: "USER_BUSINESS_ERROR",
          message: "User business error.",
          debug_id: fakeId().toLowerCase(),
          information_link: "https://developer.paypal.com/docs/api/payments.payouts-batch/#errors",
          details: [
            {
              field: "SENDER_BATCH_ID",
              location: "body",
              issue: "Batch with given sender_batch_id already exists",
              link: [
                {
                  href: `${base}/v1/payments/payouts/${existing.id}`,
                  rel: "self",
                  method: "GET",
                  encType: "application/json",
                },
              ],
            },
          ],
          links: [],
        },
      };
    }
    type RawItem = {
      receiver?: string;
      amount?: { value?: string; currency?: string };
      note?: string;
      sender_item_id?: string;
    };
    const items = input.items as RawItem[] | undefined;
    if (!Array.isArray(items) || items.length === 0) {
      throw new FakePayPalError(400, "MISSING_REQUIRED_PARAMETER", "VALIDATION_ERROR");
    }
    const batch: FakePayoutBatch = {
      id: fakeId(),
      senderBatchId,
      status: "PENDING",
      createTime: this.now(),
      items: items.map((item) => {
        const amountCents = cents(item.amount);
        if (!amountCents || !item.receiver) {
          throw new FakePayPalError(400, "VALIDATION_ERROR", "VALIDATION_ERROR");
        }
        return {
          id: fakeId(),
          senderItemId: item.sender_item_id ?? null,
          receiver: item.receiver,
          amountCents,
          currency: item.amount?.currency ?? "USD",
          note: item.note ?? null,
          status: "PENDING",
        };
      }),
    };
    this.batches.set(batch.id, batch);
    return { status: 201, body: this.headerJson(base, batch, true) };
  }

  read(base: string, id: string) {
    const batch = this.batches.get(id);
    if (!batch) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    for (const item of batch.items) {
      if (item.status === "PENDING") item.status = this.outcomes.get(item.receiver) ?? "SUCCESS";
    }
    const done = batch.items.every((i) => i.status !== "PENDING" && i.status !== "ONHOLD");
    batch.status = batch.items.every((i) => FAILED_ITEM.has(i.status))
      ? "DENIED"
      : done
        ? "SUCCESS"
        : "PROCESSING";
    return {
      status: 200,
      body: {
        ...this.headerJson(base, batch, false),
        items: batch.items.map((item) => this.itemJson(base, batch, item)),
      },
    };
  }

  /** An item as PayPal shows it, in its batch and as a payout item webhook's `resource`. */
  item(base: string, itemId: string) {
    for (const batch of this.batches.values()) {
      const item = batch.items.find((i) => i.id === itemId);
      if (item) return this.itemJson(base, batch, item);
    }
    throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
  }

  private itemJson(base: string, batch: FakePayoutBatch, item: FakePayoutItem) {
    const money = (amountCents: number) => ({
      currency: item.currency,
      value: (amountCents / 100).toFixed(2),
    });
    return {
      payout_item_id: item.id,
      transaction_id: item.status === "SUCCESS" ? fakeId() : undefined,
      transaction_status: item.status,
      payout_item_fee: money(Math.min(25, item.amountCents)),
      payout_batch_id: batch.id,
      payout_item: {
        recipient_type: "EMAIL",
        amount: money(item.amountCents),
        note: item.note,
        receiver: item.receiver,
        sender_item_id: item.senderItemId,
        recipient_wallet: "PAYPAL",
      },
      time_processed: this.now().toISOString(),
      ...(FAILED_ITEM.has(item.status)
        ? { errors: { name: "RECEIVER_UNREGISTERED", message: "Receiver is unregistered" } }
        : {}),
      links: [
        {
          href: `${base}/v1/payments/payouts-item/${item.id}`,
          rel: "item",
          method: "GET",
          encType: "application/json",
        },
      ],
    };
  }

  private headerJson(base: string, batch: FakePayoutBatch, created: boolean) {
    const total = batch.items.reduce((sum, i) => sum + i.amountCents, 0);
    return {
      batch_header: {
        payout_batch_id: batch.id,
        batch_status: batch.status,
        ...(created ? {} : { time_created: batch.createTime.toISOString() }),
        sender_batch_header: {
          sender_batch_id: batch.senderBatchId,
          email_subject: "You have a payout from ShutterHail",
        },
        ...(created
          ? {}
          : {
              amount: {
                currency: batch.items[0]?.currency ?? "USD",
                value: (total / 100).toFixed(2),
              },
            }),
      },
      links: [
        {
          href: `${base}/v1/payments/payouts/${batch.id}`,
          rel: "self",
          method: "GET",
          encType: "application/json",
        },
      ],
    };
  }
}
