import { z } from "zod";
import { link } from "./common.ts";
import { authorization, capture, refund } from "./payments.ts";
import { payoutItem } from "./payouts.ts";

// Webhook events (openapi/notifications_webhooks_v1.json, schema `event`) and the resources the
// payment events carry (PayPal's "Webhook event names" page, Payments v2 and Orders).

const version = z.string().regex(/^([0-9]+.[0-9]+)$/);

/** event: the envelope PayPal POSTs to the listener. */
export const webhookEvent = z.object({
  id: z.string().min(1),
  create_time: z.iso.datetime({ offset: true }),
  resource_type: z.string().min(1),
  event_version: version,
  event_type: z.string().min(1),
  summary: z.string(),
  resource_version: version.optional(),
  resource: z.record(z.string(), z.unknown()),
  links: z.array(link).optional(),
});

/** The events of Orders, Payments v2 and Payouts the fake sends, with their resource shape. */
export const EVENT_RESOURCES = {
  "CHECKOUT.ORDER.APPROVED": "checkout-order",
  "CHECKOUT.ORDER.COMPLETED": "checkout-order",
  "PAYMENT.AUTHORIZATION.CREATED": "authorization",
  "PAYMENT.AUTHORIZATION.VOIDED": "authorization",
  "PAYMENT.CAPTURE.COMPLETED": "capture",
  "PAYMENT.CAPTURE.PENDING": "capture",
  "PAYMENT.CAPTURE.DECLINED": "capture",
  "PAYMENT.CAPTURE.DENIED": "capture",
  "PAYMENT.CAPTURE.REFUNDED": "refund",
  "PAYMENT.CAPTURE.REVERSED": "refund",
  "PAYMENT.PAYOUTS-ITEM.SUCCEEDED": "payouts_item",
  "PAYMENT.PAYOUTS-ITEM.FAILED": "payouts_item",
  "PAYMENT.PAYOUTS-ITEM.UNCLAIMED": "payouts_item",
  "PAYMENT.PAYOUTS-ITEM.RETURNED": "payouts_item",
  "PAYMENT.PAYOUTS-ITEM.BLOCKED": "payouts_item",
  "PAYMENT.PAYOUTS-ITEM.REFUNDED": "payouts_item",
  "PAYMENT.PAYOUTS-ITEM.HELD": "payouts_item",
  "PAYMENT.PAYOUTS-ITEM.CANCELED": "payouts_item",
  "PAYMENT.PAYOUTS-ITEM.DENIED": "payouts_item",
} as const;

export type KnownEventType = keyof typeof EVENT_RESOURCES;

/** The resource schema for each resource_type (orders are checked by orders.ts's `order`). */
export const RESOURCE_SCHEMAS = {
  authorization,
  capture,
  refund,
  payouts_item: payoutItem,
} as const;
