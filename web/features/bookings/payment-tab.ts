import type { z } from "zod";
import type { ZPaymentOrder } from "../../../contracts/bookings.ts";

type PaymentOrder = z.infer<typeof ZPaymentOrder>;

/** The buyer's approval link of a provider order (`payer-action` when a payment source was sent). */
export const approvalHref = (order: PaymentOrder) =>
  order.links.find((link) => link.rel === "approve" || link.rel === "payer-action")?.href;

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
