// The built-in payment provider for running without a PayPal account (issue 11): it keeps
// orders, authorizations, captures and refunds in our database and answers like PayPal
// Orders v2 with either intent (a hold to capture later, or a capture at once), refusals
// included. The buyer approves on our own page (sandbox-routes.ts). Every time comes from
// `now()`, so tests move the clock.
import type { Database } from "../../../db/database.ts";
import type {
  Authorization,
  Capture,
  CreateOrderInput,
  Order,
  PaymentProvider,
  Refund,
} from "../provider.ts";
import { PaymentError } from "../provider.ts";
import { capture, voidHold } from "./sandbox-holds.ts";
import {
  authorize,
  captureOrder,
  checkAmount,
  insertOrder,
  newOrderRow,
  refund,
} from "./sandbox-operations.ts";
import { sandboxPayouts } from "./sandbox-payouts.ts";
import { insertRowOnce, readRow } from "./sandbox-queries.ts";
import {
  authorizationAt,
  checkoutUrl,
  checkRequestId,
  once,
  orderOf,
  readOrder,
  toCapture,
} from "./sandbox-store.ts";

export { LAPSING_HOLD_MS } from "./sandbox-operations.ts";

/**
 * The usual createOrder, a new request id: the order and the id's answer in one statement, and
 * the order answered as written (no children yet) rather than read back. Null: the id was used.
 */
async function createNewOrder(
  database: Database,
  at: Date,
  origin: string,
  input: CreateOrderInput,
): Promise<Order | null> {
  checkRequestId(input.requestId);
  const row = newOrderRow(at, input);
  const answer = { operation: "createOrder", result: row.id };
  if (!(await insertRowOnce(database.db, input.requestId, answer, row, at))) return null;
  return orderOf(row, { authorizations: [], captures: [] }, origin, at);
}

export function createSandboxProvider(options: {
  database: Database;
  now: () => Date;
  origin: () => string;
}): PaymentProvider {
  const { database, now, origin } = options;

  async function getOrder(orderId: string): Promise<Order> {
    const order = await readOrder(database.db, orderId, origin(), now());
    if (!order) throw new PaymentError("not_found", `No order ${orderId}`, "RESOURCE_NOT_FOUND");
    return order;
  }
  const reviveAuthorization = (stored: unknown): Authorization => {
    const a = stored as Authorization & { honoredUntil: string; expiresAt: string };
    return { ...a, honoredUntil: new Date(a.honoredUntil), expiresAt: new Date(a.expiresAt) };
  };
  const asIs = <T>(stored: unknown) => stored as T;
  /** A declined card sends the buyer back to our checkout page, as PayPal links its own. */
  const backToBuyer = (orderId: string) => (error: unknown) => {
    if (!(error instanceof PaymentError) || error.reason !== "declined") throw error;
    const page = checkoutUrl(origin(), orderId);
    throw new PaymentError(error.reason, error.message, error.providerIssue, undefined, page);
  };

  return {
    name: "sandbox",
    getOrder,

    async createOrder(input) {
      checkAmount(input.amountCents, input.currency);
      const created = await createNewOrder(database, now(), origin(), input);
      if (created) return created;
      const orderId = await once(
        database,
        "createOrder",
        input.requestId,
        (trx) => insertOrder(trx, now(), input),
        asIs<string>,
      );
      // Like PayPal's answer to a repeated request id: the order's latest state.
      return getOrder(orderId);
    },

    authorizeOrder(orderId, requestId) {
      return once(
        database,
        "authorizeOrder",
        requestId,
        (trx) => authorize(trx, now(), orderId),
        reviveAuthorization,
      ).catch(backToBuyer(orderId));
    },

    captureAuthorization(authorizationId, input) {
      return once(
        database,
        "captureAuthorization",
        input.requestId,
        (trx) => capture(trx, now(), authorizationId, input),
        asIs<Capture>,
      );
    },

    async voidAuthorization(authorizationId, requestId) {
      await once(
        database,
        "voidAuthorization",
        requestId,
        (trx) => voidHold(trx, now(), authorizationId),
        () => null,
      );
    },

    captureOrder(orderId, requestId) {
      return once(
        database,
        "captureOrder",
        requestId,
        (trx) => captureOrder(trx, now(), orderId),
        asIs<Capture>,
      ).catch(backToBuyer(orderId));
    },

    async getAuthorization(authorizationId) {
      const row = await readRow(database.db, authorizationId, "authorization");
      if (!row) throw new PaymentError("not_found", `No authorization ${authorizationId}`);
      // A hold past its validity reads VOIDED, as PayPal shows a lapsed one.
      return authorizationAt(row, now());
    },

    async getCapture(captureId) {
      const row = await readRow(database.db, captureId, "capture");
      if (!row) throw new PaymentError("not_found", `No capture ${captureId}`);
      return toCapture(row);
    },

    refundCapture(captureId, input) {
      return once(
        database,
        "refundCapture",
        input.requestId,
        (trx) => refund(trx, now(), captureId, input),
        asIs<Refund>,
      );
    },

    // The sandbox sends no webhooks: nothing it could be sent verifies.
    async verifyWebhook() {
      return null;
    },

    ...sandboxPayouts(database),
  };
}
