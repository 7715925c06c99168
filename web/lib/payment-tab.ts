import type { z } from "zod";
import type { ZPaymentOrder } from "../../contracts/bookings.ts";
import { toast } from "./toast.ts";

// The buyer approves a payment at the provider in a new tab (spec §4, §8): bookings' deposit
// and hold, and a hail's authorization, all go the same way.

export type PaymentOrder = z.infer<typeof ZPaymentOrder>;

export const PROCEED_TITLE = "Proceed to PayPal";
export const PROCEED_MESSAGE = "Complete the deposit in the new tab.";
export const ORDER_CREATED_TITLE = "Order created";
export const NO_APPROVAL_LINK = "Could not find approval link. Please try again.";

/** The buyer's approval link of a provider order (`payer-action` when a payment source was sent). */
export const approvalHref = (order: PaymentOrder) =>
  order.links.find((link) => link.rel === "approve" || link.rel === "payer-action")?.href;

export type PaymentTab = ReturnType<typeof openPaymentTab>;

/**
 * A blank tab opened synchronously inside the click handler: browsers block a window opened
 * later (after the API answers), so the tab is opened first and sent to the provider after.
 */
export function openPaymentTab() {
  const tab = window.open("", "_blank");
  // The provider's page must not be able to script or redirect ours.
  if (tab) tab.opener = null;
  return {
    /** Sends the tab to the provider; when the browser refused the tab, this tab goes there. */
    go(href: string) {
      if (tab && !tab.closed) tab.location.href = href;
      else window.location.assign(href);
    },
    close() {
      tab?.close();
    },
  };
}

/**
 * Sends the tab opened in the click to the order's approval page with the spec's toast (a
 * hail words what the tab is for its own way), or closes it and says the link is missing. Answers whether the tab went to the provider.
 */
export function sendToApproval(
  tab: PaymentTab,
  order: PaymentOrder,
  description: string = PROCEED_MESSAGE,
): boolean {
  const href = approvalHref(order);
  if (href) {
    tab.go(href);
    toast.success(PROCEED_TITLE, { description });
    return true;
  }
  tab.close();
  toast.error(ORDER_CREATED_TITLE, { description: NO_APPROVAL_LINK });
  return false;
}

/** A key the server uses to recognise a retried submit: 8–128 of [A-Za-z0-9_-]. */
export const newIdempotencyKey = () => crypto.randomUUID();
