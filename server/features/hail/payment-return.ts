import type { AppDeps } from "../../platform/deps.ts";
import { findHailByOrder } from "./queries.ts";
import { completeHailPayment, hailCancelledAtProvider } from "./service.ts";

/** Where the client's hail lives in the web app. */
export const HAIL_PAGE_PATH = "/hail";

export async function isHailOrder(deps: AppDeps, orderId: string) {
  return (await findHailByOrder(deps.database.db, orderId)) !== undefined;
}

/**
 * The provider sent the client back (bookings' payment-routes.ts dispatches a hail's order
 * here): completes or cancels the hail and answers where to send the browser.
 */
export async function hailPaymentReturn(
  deps: AppDeps,
  orderId: string,
  kind: "return" | "cancel",
): Promise<string> {
  let outcome = "cancelled";
  let hailId = (await findHailByOrder(deps.database.db, orderId))?.id ?? "";
  if (kind === "cancel") {
    await hailCancelledAtProvider(deps, orderId);
  } else {
    try {
      const hail = await completeHailPayment(deps, orderId);
      hailId = hail.id;
      outcome =
        hail.status === "awaiting_payment"
          ? "processing"
          : hail.status === "live" || hail.status === "accepted"
            ? "approved"
            : "failed";
    } catch (error) {
      // The webhook or the expiry job finishes it; the hail page shows where it stands.
      deps.log.warn({ err: error, orderId }, "payment return could not complete the hail");
      outcome = "processing";
    }
  }
  return `${HAIL_PAGE_PATH}?hail=${hailId}&payment=${outcome}`;
}
