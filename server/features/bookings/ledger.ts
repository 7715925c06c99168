import type { AppDeps } from "../../platform/deps.ts";
import type { Order } from "../../platform/payments/provider.ts";
import * as q from "./queries.ts";

/** One provider operation on a booking as a payment_ledger line (recorded once, see queries). */
export const recordMovement = (
  deps: AppDeps,
  booking: q.BookingRow,
  kind: q.LedgerKind,
  amountCents: number,
  providerRef: string,
  status: string,
) =>
  q.recordLedgerLine(deps.database.db, {
    bookingId: booking.id,
    kind,
    amountCents,
    currency: booking.currency,
    provider: booking.payment_provider,
    providerRef,
    status,
    at: deps.now(),
  });

/** The buyer has not approved the order at the provider (yet). */
export const awaitingBuyer = (order: Pick<Order, "status">) =>
  order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED";
