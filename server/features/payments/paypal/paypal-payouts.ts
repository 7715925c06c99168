import {
  type CreatePayoutInput,
  PaymentError,
  type PaymentProvider,
  type PayoutBatch,
  type PayoutItemStatus,
} from "../provider.ts";
import type { PayPalHttp } from "./paypal-http.ts";
import { centsToDecimal, decimalToCents } from "./paypal-money.ts";

// PayPal Payouts v1 (POST /v1/payments/payouts, GET /v1/payments/payouts/{payout_batch_id}).
// The sender_batch_id is the guard against paying twice: PayPal refuses one it has seen in
// the last 30 days with 400 USER_BUSINESS_ERROR "Batch with given sender_batch_id already
// exists" and a link to the original batch, which we adopt. Payout amounts are
// { value, currency } (not Orders' currency_code).

type RawPayoutMoney = { value?: string; currency?: string };
type RawPayoutItem = {
  payout_item_id?: string;
  transaction_status?: string;
  payout_item?: { amount?: RawPayoutMoney; sender_item_id?: string };
  errors?: { name?: string; message?: string };
};
type RawBatch = {
  batch_header?: { payout_batch_id?: string; batch_status?: string };
  items?: RawPayoutItem[];
};

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
  "DENIED",
]);

const DUPLICATE_BATCH = /sender_batch_id already exists/i;

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

export function payPalPayouts(
  http: PayPalHttp,
): Pick<PaymentProvider, "createPayout" | "getPayoutBatch"> {
  const getPayoutBatch = async (batchId: string) =>
    payoutBatchFrom(
      (await http.get(`/v1/payments/payouts/${encodeURIComponent(batchId)}`)) as RawBatch,
    );
  return {
    getPayoutBatch,
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
        const existing =
          error instanceof PaymentError && DUPLICATE_BATCH.test(error.providerIssue ?? "")
            ? /\/v1\/payments\/payouts\/([^/?#]+)/.exec(error.link ?? "")?.[1]
            : undefined;
        if (!existing) throw error;
        return getPayoutBatch(decodeURIComponent(existing));
      }
    },
  };
}
