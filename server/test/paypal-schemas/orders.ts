import { z } from "zod";
import { amountIn, dateTime, link, minimal, moneyOut, paypalId, text } from "./common.ts";
import { authorization, capture, refund } from "./payments.ts";

// Orders v2 (openapi/checkout_orders_v2.json): create, show, authorize, capture.

/** checkout_payment_intent. */
export const intent = z.enum(["CAPTURE", "AUTHORIZE"]);

/** order_status. */
export const orderStatus = z.enum([
  "CREATED",
  "SAVED",
  "APPROVED",
  "VOIDED",
  "COMPLETED",
  "PAYER_ACTION_REQUIRED",
]);

// ---- Requests ---------------------------------------------------------------------------

/** purchase_unit_request: amount required; the lengths are the spec's. */
const purchaseUnitRequest = z.object({
  reference_id: text(1, 256).optional(),
  amount: amountIn, // amount_with_breakdown: money plus an optional breakdown
  description: text(1, 127).optional(),
  custom_id: text(1, 127).optional(),
  invoice_id: text(1, 127).optional(),
  soft_descriptor: text(1, 22).optional(),
});

const shippingPreference = z.enum(["GET_FROM_FILE", "NO_SHIPPING", "SET_PROVIDED_ADDRESS"]);
const locale = z
  .string()
  .min(2)
  .max(10)
  .regex(/^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/);

/** paypal_wallet_experience_context: where the buyer goes back to, and the page's options. */
const experienceContext = z.object({
  brand_name: text(1, 127).optional(),
  locale: locale.optional(),
  shipping_preference: shippingPreference.optional(),
  return_url: z.url().optional(),
  cancel_url: z.url().optional(),
  landing_page: z.enum(["LOGIN", "GUEST_CHECKOUT", "NO_PREFERENCE"]).optional(),
  user_action: z.enum(["CONTINUE", "PAY_NOW"]).optional(),
  payment_method_preference: z.enum(["UNRESTRICTED", "IMMEDIATE_PAYMENT_REQUIRED"]).optional(),
});

/** order_application_context (deprecated in favour of payment_source.paypal.experience_context). */
const applicationContext = z.object({
  brand_name: text(1, 127).optional(),
  locale: locale.optional(),
  landing_page: z.enum(["LOGIN", "BILLING", "NO_PREFERENCE"]).optional(),
  shipping_preference: shippingPreference.optional(),
  user_action: z.enum(["CONTINUE", "PAY_NOW"]).optional(),
  return_url: z.url().optional(),
  cancel_url: z.url().optional(),
});

/** order_request: intent and 1..10 purchase units. */
export const createOrderRequest = z.object({
  intent,
  purchase_units: z.array(purchaseUnitRequest).min(1).max(10),
  payment_source: z
    .object({ paypal: z.object({ experience_context: experienceContext.optional() }).optional() })
    .optional(),
  application_context: applicationContext.optional(),
});

/** order_authorize_request / order_capture_request: an optional payment_source only. */
export const authorizeOrderRequest = z.object({ payment_source: z.unknown().optional() });
export const captureOrderRequest = z.object({ payment_source: z.unknown().optional() });

// ---- Answers ----------------------------------------------------------------------------

/** purchase_unit (read-only side) with its payment_collection. */
const purchaseUnit = z.object({
  reference_id: text(1, 256),
  amount: moneyOut,
  description: text(1, 127).optional(),
  custom_id: text(1, 127).optional(),
  invoice_id: text(1, 127).optional(),
  soft_descriptor: text(1, 22).optional(),
  payments: z
    .object({
      authorizations: z.array(authorization).optional(),
      captures: z.array(capture).optional(),
      refunds: z.array(refund).optional(),
    })
    .optional(),
});

/** order (Prefer: return=representation, and GET). */
export const order = z.object({
  id: paypalId,
  intent,
  status: orderStatus,
  purchase_units: z.array(purchaseUnit).min(1).max(10),
  payment_source: z.object({ paypal: z.object({}).loose() }).optional(),
  create_time: dateTime,
  update_time: dateTime,
  links: z.array(link).min(1),
});

/** Prefer: return=minimal (PayPal's default): id, status, links. */
export const orderMinimal = minimal(orderStatus);
