import { z } from "zod";
import { amountIn, dateTime, link, minimal, moneyOut, paypalId, text } from "./common.ts";

// Payments v2 (openapi/payments_payment_v2.json): authorizations (show, capture, reauthorize,
// void), captures (show, refund) and refunds (show). The authorization, capture and refund
// shapes are also those of an order's purchase_units[].payments (checkout_orders_v2.json).

/** authorization_status.status. There is no EXPIRED: a lapsed authorization reads VOIDED. */
export const authorizationStatus = z.enum([
  "CREATED",
  "CAPTURED",
  "DENIED",
  "PARTIALLY_CAPTURED",
  "VOIDED",
  "PENDING",
]);

/** capture_status.status. */
export const captureStatus = z.enum([
  "COMPLETED",
  "DECLINED",
  "PARTIALLY_REFUNDED",
  "PENDING",
  "REFUNDED",
  "FAILED",
]);

/** refund_status.status. */
export const refundStatus = z.enum(["CANCELLED", "FAILED", "PENDING", "COMPLETED"]);

// ---- Requests ---------------------------------------------------------------------------

/** capture_request: no amount captures what is left of the authorization. */
export const captureRequest = z.object({
  amount: amountIn.optional(),
  invoice_id: text(0, 127).optional(),
  final_capture: z.boolean().optional(),
  note_to_payer: text(0, 255).optional(),
  soft_descriptor: text(0, 22).optional(),
});

/** reauthorize_request: "supports only the amount request parameter". */
export const reauthorizeRequest = z.object({ amount: amountIn.optional() });

/** refund_request: an empty body refunds what is left of the capture. */
export const refundRequest = z.object({
  amount: amountIn.optional(),
  custom_id: text(1, 127).optional(),
  invoice_id: text(1, 127).optional(),
  note_to_payer: text(1, 255).optional(),
});

/** Void takes no body (the spec has no request body for authorizations.void). */
export const voidRequest = z.object({}).optional();

// ---- Answers ----------------------------------------------------------------------------

const relatedIds = z.object({
  order_id: paypalId.max(20).optional(),
  authorization_id: paypalId.max(20).optional(),
  capture_id: paypalId.max(20).optional(),
});
const supplementaryData = z.object({ related_ids: relatedIds.optional() });

const timestamps = { create_time: dateTime, update_time: dateTime };

/** authorization (in an order) / authorization-2 (GET, with supplementary_data). */
export const authorization = z.object({
  id: paypalId,
  status: authorizationStatus,
  status_details: z.object({ reason: z.enum(["PENDING_REVIEW"]) }).optional(),
  amount: moneyOut,
  invoice_id: z.string().optional(),
  custom_id: text(0, 127).optional(),
  expiration_time: dateTime,
  links: z.array(link).min(1),
  supplementary_data: supplementaryData.optional(),
  ...timestamps,
});

const CAPTURE_REASONS = [
  "BUYER_COMPLAINT",
  "CHARGEBACK",
  "ECHECK",
  "INTERNATIONAL_WITHDRAWAL",
  "OTHER",
  "PENDING_REVIEW",
  "RECEIVING_PREFERENCE_MANDATES_MANUAL_ACTION",
  "REFUNDED",
  "TRANSACTION_APPROVED_AWAITING_FUNDING",
  "UNILATERAL",
  "VERIFICATION_REQUIRED",
] as const;

/** capture (in an order) / capture-2 (GET and the capture answer, with supplementary_data). */
export const capture = z.object({
  id: paypalId,
  status: captureStatus,
  status_details: z.object({ reason: z.enum(CAPTURE_REASONS) }).optional(),
  amount: moneyOut,
  invoice_id: z.string().optional(),
  custom_id: text(0, 127).optional(),
  final_capture: z.boolean(),
  links: z.array(link).min(1),
  supplementary_data: supplementaryData.optional(),
  ...timestamps,
});

/** refund. */
export const refund = z.object({
  id: paypalId,
  status: refundStatus,
  amount: moneyOut,
  invoice_id: z.string().optional(),
  custom_id: text(1, 127)
    .pipe(z.string().regex(/^[A-Za-z0-9-_.,]*$/))
    .optional(),
  note_to_payer: z.string().optional(),
  links: z.array(link).min(1),
  supplementary_data: supplementaryData.optional(),
  ...timestamps,
});

export const authorizationMinimal = minimal(authorizationStatus);
export const captureMinimal = minimal(captureStatus);
export const refundMinimal = minimal(refundStatus);
