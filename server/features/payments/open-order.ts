import type { Kysely } from "kysely";
import { PAYMENT_MINIMUM_CENTS } from "../../../contracts/constants.ts";
import type { DB } from "../../db/schema.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { type OrderIntent, PaymentError } from "./provider.ts";
import { paymentProvider } from "./provider-of.ts";
import * as q from "./queries.ts";
import { requestIds } from "./request-ids.ts";

// Opening a provider order for the buyer to approve. PayPal expects the buyer to be sent within
// 3 hours of the order's creation, so an order is made when the buyer is about to approve it —
// never ahead and mailed — and an order still awaiting the buyer is reused only while it has
// time left; an older one is replaced by a new attempt.

export const PAYMENT_RETURN_PATH = "/api/payments/return";
export const PAYMENT_CANCEL_PATH = "/api/payments/cancel";

const HOUR_MS = 60 * 60 * 1000;
/** PayPal's window for the buyer to approve an order after its creation. */
export const APPROVAL_WINDOW_MS = 3 * HOUR_MS;
/** An awaiting order is offered again only with this much of its window left. */
const REUSE_MARGIN_MS = 20 * 60 * 1000;

export type OpenOrderInput = {
  purpose: q.OrderPurpose;
  /** What the order pays for: the booking, or the hail. */
  subjectId: string;
  /** The booking whose money it is (null for a hail until a creator accepts). */
  bookingId: string | null;
  amountCents: number;
  currency: string;
  description: string;
  /**
   * The subject's note of the order's provider id, run in the statement that records the
   * provider's answer (the order awaiting the buyer), so both commit together.
   */
  noteCreated?: q.NoteCreated;
};

/** An order row; `noted`: the subject noted it in the statement that recorded its creation. */
export type OpenedOrder = q.PaymentOrderRow & { noted?: boolean };

/** What an order row is written from, before the provider is asked. */
export type OrderRowInput = Omit<OpenOrderInput, "description" | "noteCreated">;

/** What the buyer's browser opens: the spec reads links[] for rel "approve". */
export type BrowserOrder = { id: string; links: { rel: "approve"; href: string }[] };

export const browserOrder = (
  order: Pick<q.PaymentOrderRow, "provider_order_id" | "approve_url">,
) => ({
  id: order.provider_order_id ?? "",
  links: order.approve_url ? [{ rel: "approve" as const, href: order.approve_url }] : [],
});

/**
 * The intent an order of this purpose is opened with. A booking's deposit is charged when the
 * client books; the remaining balance and a hail are held where the merchant can authorize
 * (PayPal's Authorize & Capture) and charged at approval where it cannot (decision 021).
 */
export function intentFor(deps: AppDeps, purpose: q.OrderPurpose): OrderIntent {
  if (purpose === "booking_deposit") return "CAPTURE";
  return canHold(deps) ? "AUTHORIZE" : "CAPTURE";
}

/** Whether the merchant account can hold money (the built-in sandbox always can). */
export const canHold = (deps: AppDeps) => deps.config.paypal?.holds ?? true;

const isUnique = (error: unknown) => (error as { code?: string }).code === "23505";

function assertChargeable(amountCents: number) {
  if (amountCents < PAYMENT_MINIMUM_CENTS) {
    throw new AppError("validation_failed", "PayPal cannot charge less than $1.00.");
  }
}

/** A new attempt's row, status creating: the provider is asked for it next. */
async function insertAttempt(deps: AppDeps, db: Kysely<DB>, input: OrderRowInput, at: Date) {
  return q.insertOrder(db, {
    purpose: input.purpose,
    subjectId: input.subjectId,
    bookingId: input.bookingId,
    provider: paymentProvider(deps).name,
    intent: intentFor(deps, input.purpose),
    amountCents: input.amountCents,
    currency: input.currency,
    at,
  });
}

/**
 * Writes a new subject's order row (status creating) in the caller's transaction, so the
 * subject and its order commit together; openOrder then creates it at the provider (a repeat
 * finds the same row, and its request id, and resumes).
 */
export async function prepareOrder(deps: AppDeps, trx: Kysely<DB>, input: OrderRowInput) {
  assertChargeable(input.amountCents);
  return insertAttempt(deps, trx, input, deps.now());
}

/**
 * The order the buyer should approve now: the live one while it has time left, else a new
 * one. Answers the order row with its approval link; an order already approved or paid is
 * answered as it is (the caller reads its status). Safe to repeat and to run concurrently.
 */
export async function openOrder(deps: AppDeps, input: OpenOrderInput): Promise<OpenedOrder> {
  assertChargeable(input.amountCents);
  const db = deps.database.db;
  const now = deps.now();
  const live = await q.findLiveOrder(db, input.purpose, input.subjectId);
  if (live) {
    const fresh =
      live.status === "awaiting_buyer" &&
      live.approve_url &&
      live.approve_by &&
      live.approve_by.getTime() - now.getTime() > REUSE_MARGIN_MS;
    if (fresh) return live;
    if (live.status === "creating") return createAtProvider(deps, live, input);
    if (live.status !== "awaiting_buyer") return live;
    // Too little time left at PayPal: this one is replaced (and simply never approved).
    await q.patchOrder(db, live.id, ["awaiting_buyer"], { status: "expired" }, now);
  }
  let row: q.PaymentOrderRow;
  try {
    row = await insertAttempt(deps, db, input, now);
  } catch (error) {
    // Another request opened it at the same moment: answer that one.
    if (!isUnique(error)) throw error;
    const other = await q.findLiveOrder(db, input.purpose, input.subjectId);
    if (!other) throw error;
    return other.status === "creating" ? createAtProvider(deps, other, input) : other;
  }
  return createAtProvider(deps, row, input);
}

/**
 * openOrder for the row `prepareOrder` wrote in a transaction that has just committed: it is
 * the subject's only order, still creating, so it goes straight to the provider.
 */
export function openPreparedOrder(
  deps: AppDeps,
  row: q.PaymentOrderRow,
  input: OpenOrderInput,
): Promise<OpenedOrder> {
  return createAtProvider(deps, row, input);
}

/** Creates the provider order for a row written first (a retry sends the same request id). */
async function createAtProvider(
  deps: AppDeps,
  row: q.PaymentOrderRow,
  input: OpenOrderInput,
): Promise<OpenedOrder> {
  const origin = siteOrigin(deps.config);
  const db = deps.database.db;
  try {
    const order = await paymentProvider(deps).createOrder({
      requestId: requestIds.createOrder(row.id),
      intent: row.intent,
      referenceId: input.subjectId,
      customId: row.id,
      amountCents: row.amount_cents,
      currency: row.currency.trim(),
      description: input.description,
      returnUrl: `${origin}${PAYMENT_RETURN_PATH}`,
      cancelUrl: `${origin}${PAYMENT_CANCEL_PATH}`,
    });
    const patch = {
      status: "awaiting_buyer" as const,
      provider_order_id: order.id,
      approve_url: order.approveUrl,
      approve_by: new Date(row.created_at.getTime() + APPROVAL_WINDOW_MS),
    };
    const note = input.noteCreated;
    const created = note
      ? await q.patchOrderNoted(db, row.id, ["creating"], patch, deps.now(), note)
      : await q.patchOrder(db, row.id, ["creating"], patch, deps.now());
    if (created && "noted" in created) return { ...created.order, noted: created.noted };
    return created ?? (await q.findOrder(db, row.id)) ?? row;
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    deps.log.warn({ err: error, paymentOrderId: row.id }, "the provider did not create the order");
    await q.patchOrder(
      db,
      row.id,
      ["creating"],
      { status: "failed", failure: error.message },
      deps.now(),
    );
    throw new AppError("unavailable", "The payment provider is not answering. Please try again.");
  }
}
