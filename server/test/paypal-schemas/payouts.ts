import { z } from "zod";
import { currencyCode, link, payoutAmountIn, text, VALUE_OUT } from "./common.ts";

// Payouts v1 (openapi/payments_payouts_batch_v1.json): create a batch, show a batch, show an
// item. Its money is `currency` + `value` (not Orders' `currency_code`).

/** batch_enum. */
export const batchStatus = z.enum(["DENIED", "PENDING", "PROCESSING", "SUCCESS", "CANCELED"]);

/** transaction_enum: an item's status. (No DENIED: a denied batch's items read FAILED etc.) */
export const transactionStatus = z.enum([
  "SUCCESS",
  "FAILED",
  "PENDING",
  "UNCLAIMED",
  "RETURNED",
  "ONHOLD",
  "BLOCKED",
  "REFUNDED",
  "REVERSED",
]);

/** recipient_enum. */
export const recipientType = z.enum(["EMAIL", "PHONE", "PAYPAL_ID"]);

// ---- Request ----------------------------------------------------------------------------

/** sender_batch_header: sender_batch_id ≤ 256 (unique over 30 days). */
const senderBatchHeader = z.object({
  sender_batch_id: text(0, 256).optional(),
  recipient_type: text(0, 13).optional(),
  email_subject: text(0, 255).optional(),
  email_message: text(0, 1000).optional(),
  note: text(0, 1000).optional(),
});

/** payout_item: amount and receiver required. */
const payoutItemRequest = z.object({
  recipient_type: recipientType.optional(),
  amount: payoutAmountIn,
  note: text(0, 4000).optional(),
  receiver: text(0, 127),
  sender_item_id: text(0, 63).optional(),
  recipient_wallet: z.enum(["PAYPAL", "VENMO", "RECIPIENT_SELECTED"]).optional(),
});

/** create_payout_request: 1..15000 items. */
export const createPayoutRequest = z.object({
  sender_batch_header: senderBatchHeader,
  items: z.array(payoutItemRequest).min(1).max(15_000),
});

// ---- Answers ----------------------------------------------------------------------------

const payoutMoney = z.object({ currency: currencyCode, value: z.string().regex(VALUE_OUT) });
const time = z.iso.datetime({ offset: true });

/** payout_sender_batch_header: the header as the sender gave it. */
const senderBatchHeaderOut = z.object({
  sender_batch_id: text(0, 256).optional(),
  recipient_type: recipientType.optional(),
  email_subject: text(0, 255).optional(),
  email_message: text(0, 1000).optional(),
});

/** The Payouts error (`error`): name, message and debug_id required. */
export const payoutError = z.object({
  name: z.string().min(1),
  message: z.string().min(1),
  debug_id: z.string().min(1),
  information_link: z.string().optional(),
  details: z
    .array(
      z.object({
        field: z.string().optional(),
        value: z.string().optional(),
        location: z.string().optional(),
        issue: z.string().min(1),
        description: z.string().optional(),
        // PayPal's live duplicate-batch answer puts the original batch's link here.
        link: z.array(link.extend({ encType: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  links: z.array(link).optional(),
});

/** payout: the 201 answer to a new batch: its header (PENDING) and links, no items. */
export const payoutCreated = z
  .object({
    batch_header: z.object({
      payout_batch_id: text(0, 30),
      batch_status: batchStatus,
      time_created: time.optional(),
      sender_batch_header: senderBatchHeaderOut,
    }),
    links: z.array(link).min(1),
  })
  .strict();

const payoutItemDetail = z.object({
  recipient_type: recipientType.optional(),
  amount: payoutMoney,
  note: text(0, 4000).optional(),
  receiver: text(0, 127),
  sender_item_id: text(0, 63).optional(),
  recipient_wallet: z.enum(["PAYPAL", "VENMO", "RECIPIENT_SELECTED"]).optional(),
});

/** payout_batch_items / payout_item-2: one item with its transaction status. */
export const payoutItem = z.object({
  payout_item_id: text(0, 30),
  transaction_id: text(0, 30).optional(),
  transaction_status: transactionStatus.optional(),
  payout_item_fee: payoutMoney.optional(),
  payout_batch_id: text(0, 30),
  sender_batch_id: text(0, 256).optional(),
  payout_item: payoutItemDetail,
  time_processed: time.optional(),
  errors: payoutError.optional(),
  links: z.array(link).optional(),
});

/** payout_batch: GET /v1/payments/payouts/{id}, with the items. */
export const payoutBatch = z.object({
  batch_header: z.object({
    payout_batch_id: text(0, 30),
    batch_status: batchStatus,
    time_created: time.optional(),
    time_completed: time.optional(),
    sender_batch_header: senderBatchHeaderOut,
    amount: payoutMoney.optional(),
    fees: payoutMoney.optional(),
  }),
  items: z.array(payoutItem).max(15_000),
  links: z.array(link).optional(),
});
