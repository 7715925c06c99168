import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { WebhookEvent } from "./provider.ts";
import type { OrderPurpose, PaymentOrderRow } from "./queries.ts";

// What happens to an order, told to the domain that opened it. Bookings and hail register their
// purposes at start-up (server/domain-wiring.ts), payouts its webhooks, so the payments domain
// imports none of them. Handlers run inside the transaction that records the order's new state:
// the order and its consequence commit together or not at all.

export type ReturnOutcome = "approved" | "processing" | "declined" | "failed" | "cancelled";

export type PurposeHandlers = {
  /**
   * The money is in (CAPTURE intent) or held (AUTHORIZE), as the order was opened for. Answers
   * false when the subject no longer wants it (it ended meanwhile): the payments domain then
   * gives the money back.
   */
  secured(trx: Kysely<DB>, order: PaymentOrderRow): Promise<boolean>;
  /** The provider is processing it (PENDING): neither paid nor refused yet. */
  processing(trx: Kysely<DB>, order: PaymentOrderRow): Promise<void>;
  /** The buyer has to choose another funding source; the order awaits them again. */
  needsBuyer(trx: Kysely<DB>, order: PaymentOrderRow): Promise<void>;
  /** Refused for good, or a hold that lapsed: nothing (more) will come of this order. */
  failed(trx: Kysely<DB>, order: PaymentOrderRow, why: string): Promise<void>;
  /** A held amount was captured (after `collect`, or when its pending capture completed). */
  collected(trx: Kysely<DB>, order: PaymentOrderRow): Promise<void>;
  /** Money PayPal took back after it was ours: a chargeback, a reversal, a dashboard refund. */
  takenBack(
    trx: Kysely<DB>,
    order: PaymentOrderRow,
    amountCents: number,
    why: string,
  ): Promise<void>;
  /** Where the buyer's browser goes after the provider's page. */
  returnPath(order: PaymentOrderRow, outcome: ReturnOutcome): string;
};

/** After a booking's settlement (holds released, refunds paid): `refundedCents` went back. */
export type SettledHandler = (
  deps: AppDeps,
  bookingId: string,
  refundedCents: number,
) => Promise<void>;

export type WebhookHandler = (deps: AppDeps, event: WebhookEvent) => Promise<void>;

type Registry = {
  purposes: Map<OrderPurpose, PurposeHandlers>;
  settled: SettledHandler[];
  /** Event type prefix (e.g. "PAYMENT.PAYOUTS-ITEM.") → handler. */
  webhooks: { prefix: string; handler: WebhookHandler }[];
};

const registries = new WeakMap<AppDeps, Registry>();

function registry(deps: AppDeps): Registry {
  let found = registries.get(deps);
  if (!found) {
    found = { purposes: new Map(), settled: [], webhooks: [] };
    registries.set(deps, found);
  }
  return found;
}

export function registerPurpose(deps: AppDeps, purpose: OrderPurpose, handlers: PurposeHandlers) {
  registry(deps).purposes.set(purpose, handlers);
}

export function onBookingSettled(deps: AppDeps, handler: SettledHandler) {
  registry(deps).settled.push(handler);
}

export function registerWebhook(deps: AppDeps, prefix: string, handler: WebhookHandler) {
  registry(deps).webhooks.push({ prefix, handler });
}

export function handlersFor(deps: AppDeps, purpose: OrderPurpose): PurposeHandlers {
  const found = registry(deps).purposes.get(purpose);
  if (!found) throw new Error(`No payment handlers registered for ${purpose}`);
  return found;
}

export const settledHandlers = (deps: AppDeps) => registry(deps).settled;

export const webhookHandler = (deps: AppDeps, type: string) =>
  registry(deps).webhooks.find((w) => type.startsWith(w.prefix))?.handler;
