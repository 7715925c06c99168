// The buyer's side of a sandbox order: what the checkout page shows, and the approval it
// records (with the test outcome the provider then answers by).
import type { Database } from "../../../db/database.ts";
import { lockRow, readCheckoutOrder, updateRow } from "./sandbox-queries.ts";
import {
  ORDER_APPROVAL_WINDOW_MS,
  type OrderData,
  orderGone,
  type SandboxOutcome,
} from "./sandbox-store.ts";

export type Checkout = {
  orderId: string;
  /** AUTHORIZE: the buyer approves a hold; CAPTURE: a payment taken at once. */
  intent: OrderData["intent"];
  status: string;
  amountCents: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  outcome: SandboxOutcome | null;
};

function toCheckout(row: {
  id: string;
  status: string;
  amount_cents: number;
  currency: string;
  data: unknown;
}): Checkout {
  const data = row.data as OrderData;
  return {
    orderId: row.id,
    intent: data.intent ?? "AUTHORIZE",
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency.trim(),
    description: data.description,
    returnUrl: data.returnUrl,
    cancelUrl: data.cancelUrl,
    outcome: data.outcome ?? null,
  };
}

/** The order as the buyer sees it; undefined when unknown or past its approval window. */
export async function readCheckout(
  database: Database,
  orderId: string,
  now: Date,
): Promise<Checkout | undefined> {
  const row = await readCheckoutOrder(database.db, orderId);
  return row && !orderGone(row, now) ? toCheckout(row) : undefined;
}

/**
 * The buyer approves: a CREATED order becomes APPROVED with the chosen outcome, to be authorized
 * or captured within 3 hours (PayPal's window restarts at the approval). An order past CREATED
 * is left as it is (approving twice, e.g. the back button, changes nothing).
 */
export async function approveCheckout(
  database: Database,
  orderId: string,
  outcome: SandboxOutcome,
  now: Date,
): Promise<Checkout | undefined> {
  return database.db.transaction().execute(async (trx) => {
    const row = await lockRow(trx, orderId, "order");
    if (!row || orderGone(row, now)) return undefined;
    if (row.status !== "CREATED") return toCheckout(row);
    const data: OrderData = { ...(row.data as OrderData), outcome };
    const expires_at = new Date(now.getTime() + ORDER_APPROVAL_WINDOW_MS);
    await updateRow(trx, orderId, { status: "APPROVED", data, expires_at }, now);
    return toCheckout({ ...row, status: "APPROVED", data });
  });
}
