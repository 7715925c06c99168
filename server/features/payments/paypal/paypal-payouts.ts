import {
  type CreatePayoutInput,
  PaymentError,
  type PaymentProvider,
  type PayoutBatch,
  type PayoutItemStatus,
} from "../provider.ts";
import { PayPalApiError, type PayPalHttp } from "./paypal-http.ts";
import { centsToDecimal, decimalToCents } from "./paypal-money.ts";

// PayPal Payouts v1 (POST /v1/payments/payouts, GET /v1/payments/payouts/{payout_batch_id}).
// The sender_batch_id is the guard against paying twice: PayPal refuses one it has seen in
// the last 30 days (400, today USER_BUSINESS_ERROR "Batch with given sender_batch_id already
// exists") with a link to the original batch. That wording is PayPal's to change, so it is not
// what we go by: on any 4xx we read back each batch the error links to (details[].link, then
// links) and adopt the one whose sender_batch_header.sender_batch_id is ours; a link to anyone
// else's batch, or none, leaves the refusal as it was. Payout amounts are { value, currency }
// (not Orders' currency_code). The 201 of a new batch has no items: read the batch again.

type RawPayoutMoney = { value?: string; currency?: string };
type RawPayoutItem = {
  payout_item_id?: string;
  transaction_status?: string;
  payout_item?: { amount?: RawPayoutMoney; sender_item_id?: string };
  errors?: { name?: string; message?: string };
};
type RawBatch = {
  batch_header?: {
    payout_batch_id?: string;
    batch_status?: string;
    sender_batch_header?: { sender_batch_id?: string };
  };
  items?: RawPayoutItem[];
};

/** PayPal's transaction_enum (payments_payouts_batch_v1): DENIED is a batch status only. */
const ITEM_STATUSES = new Set<string>([
  "SUCCESS",
  "PENDING",
  "UNCLAIMED",
  "ONHOLD",
  "FAILED",
  "RETURNED",
  "BLOCKED",
  "REFUNDED",
  "REVERSED",
] satisfies PayoutItemStatus[]);

/** A payout batch's id in a link (…/v1/payments/payouts/{id}); not a payout item's. */
const BATCH_LINK = /\/v1\/payments\/payouts\/([^/?#]+)\/?(?:[?#]|$)/;
/** At most this many linked batches are read back for one refusal. */
const MAX_LINKS = 5;

export function payoutBatchFrom(raw: RawBatch): PayoutBatch {
  const batchId = raw.batch_header?.payout_batch_id;
  if (!batchId) throw new PaymentError("rejected", "PayPal answered a payout without a batch id");
  return {
    batchId,
    batchStatus: raw.batch_header?.batch_status ?? "PENDING",
    items: (raw.items ?? []).map((item) => {
      const status = item.transaction_status ?? "PENDING";
      if (!ITEM_STATUSES.has(status)) {
        throw new PaymentError("rejected", `PayPal answered an unknown payout status ${status}`);
      }
      const value = item.payout_item?.amount?.value;
      return {
        itemId: item.payout_item_id ?? "",
        senderItemId: item.payout_item?.sender_item_id ?? null,
        status: status as PayoutItemStatus,
        amountCents: value ? decimalToCents(value) : 0,
        error: item.errors?.name ?? null,
      };
    }),
  };
}

/** The batch ids a refusal links to, in its order, each once. */
function linkedBatchIds(error: PayPalApiError): string[] {
  const ids = error.links.flatMap((href) => {
    const id = BATCH_LINK.exec(href)?.[1];
    if (!id) return [];
    try {
      return [decodeURIComponent(id)];
    } catch {
      return [];
    }
  });
  return [...new Set(ids)].slice(0, MAX_LINKS);
}

export function payPalPayouts(
  http: PayPalHttp,
): Pick<PaymentProvider, "createPayout" | "getPayoutBatch"> {
  const readBatch = async (batchId: string) =>
    (await http.get(`/v1/payments/payouts/${encodeURIComponent(batchId)}`)) as RawBatch;

  /**
   * The batch a refusal links to that we made under `senderBatchId` (our answer was lost, or
   * this is a retry), or null. Only our own API is asked, by batch id: a link's host is not
   * followed. A linked batch we cannot read (gone, not ours to see) is passed over; PayPal being
   * unavailable is thrown, so the payout is tried again later rather than given up.
   */
  async function ownBatch(error: PayPalApiError, senderBatchId: string) {
    for (const batchId of linkedBatchIds(error)) {
      let raw: RawBatch;
      try {
        raw = await readBatch(batchId);
      } catch (readError) {
        if (readError instanceof PaymentError && readError.reason !== "unavailable") continue;
        throw readError;
      }
      if (raw.batch_header?.sender_batch_header?.sender_batch_id === senderBatchId) {
        return payoutBatchFrom(raw);
      }
    }
    return null;
  }

  return {
    getPayoutBatch: async (batchId: string) => payoutBatchFrom(await readBatch(batchId)),
    async createPayout(input: CreatePayoutInput) {
      const body = {
        sender_batch_header: {
          sender_batch_id: input.senderBatchId,
          email_subject: "You have a payout from ShutterHail",
          email_message: input.note,
        },
        items: [
          {
            recipient_type: "EMAIL",
            receiver: input.receiverEmail,
            amount: { value: centsToDecimal(input.amountCents), currency: input.currency },
            note: input.note,
            sender_item_id: input.senderItemId,
          },
        ],
      };
      try {
        return payoutBatchFrom(
          (await http.post("/v1/payments/payouts", body, input.senderBatchId)) as RawBatch,
        );
      } catch (error) {
        // Sent before (our answer was lost): the batch PayPal already made is this payout.
        const refused =
          error instanceof PayPalApiError && error.status >= 400 && error.status < 500;
        const existing = refused ? await ownBatch(error, input.senderBatchId) : null;
        if (!existing) throw error;
        return existing;
      }
    },
  };
}
