import { randomBytes } from "node:crypto";
import { FakePayPalError } from "./errors.ts";
import type { FakePayPalState } from "./state.ts";

// The buyer's page (PayPal's checkoutnow): approves at once and sends the buyer back to the
// return URL with the token and a PayerID, or to the cancel URL with ?cancel=1. An expired order
// is refused (410), as is one that does not wait for the buyer (409).

export type PageAnswer = { status: number; body: string; location?: string };

export function buyerPage(state: FakePayPalState, url: URL): PageAnswer {
  const order = state.orders.get(url.searchParams.get("token") ?? "");
  if (!order) return { status: 404, body: "No such order" };
  const back = (target: string | null, query: string) =>
    target ? `${target}${target.includes("?") ? "&" : "?"}${query}` : undefined;
  if (url.searchParams.has("cancel")) {
    const location = back(order.cancelUrl, `token=${order.id}`);
    return { status: location ? 302 : 200, body: "cancelled", location };
  }
  try {
    state.approve(order.id);
  } catch (error) {
    if (!(error instanceof FakePayPalError)) throw error;
    const text =
      error.status === 410
        ? "This order has expired."
        : `${error.extra.description ?? error.issue}`;
    return { status: error.status, body: text };
  }
  const payerId = randomBytes(7).toString("hex").toUpperCase().slice(0, 13);
  const location = back(order.returnUrl, `token=${order.id}&PayerID=${payerId}`);
  return { status: location ? 302 : 200, body: "approved", location };
}
