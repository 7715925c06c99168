// The sandbox provider's books (sandbox_payments) and its idempotency keys
// (sandbox_payment_requests): row shapes, reading them as provider objects, and the one way a
// mutation runs — in a transaction, once per request id.
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/database.ts";
import type { DB } from "../../../db/schema.ts";
import {
  type Authorization,
  type Capture,
  type Order,
  type OrderIntent,
  PaymentError,
} from "../provider.ts";
import {
  lockRequestId,
  readOrderChildren,
  readRow,
  storedRequest,
  storeRequest,
} from "./sandbox-queries.ts";

export type Trx = Transaction<DB>;

/** The buyer's choice on the checkout page: how the sandbox answers the authorization or capture. */
export const SANDBOX_OUTCOMES = ["approve", "decline", "lapse"] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export type OrderData = {
  description: string;
  intent: OrderIntent;
  referenceId: string;
  customId: string;
  returnUrl: string;
  cancelUrl: string;
  outcome?: SandboxOutcome;
};
export type AuthorizationData = {
  orderId: string;
  honoredUntil: string;
  capturedCents: number;
};
/** A capture's parent: the authorization it took from, or the order (CAPTURE intent). */
export type CaptureData = {
  authorizationId: string | null;
  orderId: string;
  refundedCents: number;
};

export type Row = {
  id: string;
  kind: string;
  parent_id: string | null;
  status: string;
  amount_cents: number;
  currency: string;
  data: unknown;
  expires_at: Date | null;
};

/** A provider-looking id: SBX-, SBXAUTH-, SBXCAP-, SBXREF- and 16 random characters. */
export function newId(prefix: string): string {
  return `${prefix}-${randomBytes(10).toString("hex").slice(0, 16).toUpperCase()}`;
}

export function toAuthorization(row: Row): Authorization {
  const data = row.data as AuthorizationData;
  return {
    id: row.id,
    status: row.status as Authorization["status"],
    amountCents: row.amount_cents,
    honoredUntil: new Date(data.honoredUntil),
    expiresAt: row.expires_at!,
  };
}

/**
 * An authorization as the provider shows it at `now`: one past its validity reads VOIDED, as
 * PayPal shows a lapsed hold (it has no EXPIRED status), whether or not a call has stored that.
 */
export function authorizationAt(row: Row, now: Date): Authorization {
  const authorization = toAuthorization(row);
  const lapsed = row.status !== "CAPTURED" && row.expires_at !== null && now > row.expires_at;
  return lapsed ? { ...authorization, status: "VOIDED" } : authorization;
}

export function toCapture(row: Row): Capture {
  return { id: row.id, status: row.status as Capture["status"], amountCents: row.amount_cents };
}

/**
 * PayPal's window: an order the buyer has not approved 3 hours after its creation is gone, and
 * so is one not authorized or captured 3 hours after the buyer's (last) approval. `expires_at`
 * of an order holds the end of its current window.
 */
export const ORDER_APPROVAL_WINDOW_MS = 3 * 60 * 60 * 1000;

/** An order past its window answers as PayPal's does: not found (order_expired when acted on). */
export const orderGone = (order: Pick<Row, "status" | "expires_at">, now: Date) =>
  (order.status === "CREATED" || order.status === "APPROVED") &&
  order.expires_at !== null &&
  now > order.expires_at;

/** An order as the provider shows it, with its authorizations and captures, oldest first. */
export async function readOrder(
  db: Kysely<DB>,
  orderId: string,
  origin: string,
  now: Date,
): Promise<Order | undefined> {
  const order = await readRow(db, orderId, "order");
  if (!order || orderGone(order, now)) return undefined;
  const { authorizations, captures } = await readOrderChildren(db, orderId);
  return orderOf(order, { authorizations, captures }, origin, now);
}

/** An order's row and its children's as the provider shows them at `now`. */
export function orderOf(
  order: Row,
  children: { authorizations: Row[]; captures: Row[] },
  origin: string,
  now: Date,
): Order {
  const { authorizations, captures } = children;
  const data = order.data as OrderData;
  return {
    id: order.id,
    status: order.status as Order["status"],
    intent: data.intent,
    amountCents: order.amount_cents,
    currency: order.currency,
    referenceId: data.referenceId,
    customId: data.customId,
    approveUrl: order.status === "CREATED" ? checkoutUrl(origin, order.id) : null,
    authorizations: authorizations.map((a) => authorizationAt(a, now)),
    captures: captures.map(toCapture),
  };
}

export function checkoutUrl(origin: string, orderId: string): string {
  return `${origin}/sandbox/checkout/${encodeURIComponent(orderId)}`;
}

/**
 * What a mutation's body gives back: a result to store and return, or a refusal. A refusal
 * is thrown after the transaction commits, so a state it found (an authorization now VOIDED)
 * is kept; it is not stored under the request id, and a retry is answered afresh.
 */
export type Outcome<T> = { ok: T } | { error: PaymentError };

export function checkRequestId(requestId: string) {
  if (!requestId || requestId.length > 200) {
    throw new PaymentError("rejected", "A request id of 1 to 200 characters is required");
  }
}

/**
 * Runs `body` once per request id (PayPal-Request-Id): in one transaction, under a lock on the
 * id, so a repeat — even a concurrent one — gets the first answer instead of acting again.
 * `operation` names the call; an id reused for another call is refused.
 */
export async function once<T>(
  database: Database,
  operation: string,
  requestId: string,
  body: (trx: Trx) => Promise<Outcome<T>>,
  revive: (stored: unknown) => T,
): Promise<T> {
  checkRequestId(requestId);
  const outcome = await database.db.transaction().execute(async (trx): Promise<Outcome<T>> => {
    // Two requests with one id wait for each other here; the second then finds the answer.
    await lockRequestId(trx, requestId);
    const stored = await storedRequest(trx, requestId);
    if (stored) {
      const response = stored.response as { operation: string; result: unknown };
      if (response.operation !== operation) {
        return {
          error: new PaymentError(
            "rejected",
            `Request id ${requestId} was used for ${response.operation}`,
          ),
        };
      }
      return { ok: revive(response.result) };
    }
    const result = await body(trx);
    if ("ok" in result) {
      const stored = await storeRequest(trx, requestId, { operation, result: result.ok ?? null });
      // Taken meanwhile by a call that stores its answer without this lock (insertRowOnce):
      // undo this one's work, as a reused id is refused.
      if (!stored) throw new PaymentError("rejected", `Request id ${requestId} was already used`);
    }
    return result;
  });
  if ("error" in outcome) throw outcome.error;
  return outcome.ok;
}

export const refuse = (
  reason: PaymentError["reason"],
  message: string,
  providerIssue?: string,
): { error: PaymentError } => ({ error: new PaymentError(reason, message, providerIssue) });
