// The built-in payment provider for running without a PayPal account (issue 11): it keeps
// orders, authorizations, captures and refunds in our database and answers like PayPal
// Orders v2 with an authorization hold, including its refusals. The buyer approves on our own
// page (sandbox-routes.ts). Every time comes from `now()`, so tests move the clock.
import { HOLD_LIFETIME } from "../../../contracts/constants.ts";
import type { Database } from "../../db/database.ts";
import {
  type Authorization,
  type Capture,
  type Order,
  PaymentError,
  type PaymentProvider,
  type Refund,
} from "./provider.ts";
import {
  type AuthorizationData,
  type CaptureData,
  insertRow,
  lockRow,
  newId,
  type OrderData,
  once,
  type Row,
  readOrder,
  refuse,
  type Trx,
  updateRow,
} from "./sandbox-store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The "lapse" test outcome: the hold lasts ten minutes, enough for the deposit capture. */
export const LAPSING_HOLD_MS = 10 * 60 * 1000;
/** PayPal's limits on a reauthorization: 115 % of the original, and at most $75 more (US). */
const REAUTHORIZE_MAX_PERCENT = 115;
const REAUTHORIZE_MAX_EXTRA_CENTS = 7500;
const REAUTHORIZED_HONOR_DAYS = 3;

const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

function checkAmount(amountCents: number, currency: string, expected?: string) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new PaymentError("rejected", "The amount must be a positive number of cents");
  }
  if (!/^[A-Z]{3}$/.test(currency) || (expected && currency !== expected.trim())) {
    throw new PaymentError("rejected", `Currency ${currency} does not match`, "CURRENCY_MISMATCH");
  }
}

/**
 * The authorization under lock, or a refusal when it can no longer move money. One past its
 * validity is marked EXPIRED (kept: refusals are thrown after the commit).
 */
async function liveAuthorization(
  trx: Trx,
  id: string,
  now: Date,
): Promise<{ row: Row; data: AuthorizationData } | { error: PaymentError }> {
  const row = await lockRow(trx, id, "authorization");
  if (!row) return refuse("not_found", `No authorization ${id}`, "RESOURCE_NOT_FOUND");
  const data = row.data as AuthorizationData;
  if (row.status === "EXPIRED") {
    return refuse(
      "authorization_expired",
      "The authorization has expired",
      "AUTHORIZATION_EXPIRED",
    );
  }
  if (row.status === "VOIDED") {
    return refuse("already_done", "The authorization was voided", "AUTHORIZATION_VOIDED");
  }
  if (row.status === "CAPTURED") {
    return refuse(
      "already_done",
      "The authorization was captured in full",
      "AUTHORIZATION_ALREADY_CAPTURED",
    );
  }
  if (now > row.expires_at!) {
    await updateRow(trx, id, { status: "EXPIRED" }, now);
    return refuse(
      "authorization_expired",
      "The authorization has expired",
      "AUTHORIZATION_EXPIRED",
    );
  }
  return { row, data };
}

export function createSandboxProvider(options: {
  database: Database;
  now: () => Date;
  origin: () => string;
}): PaymentProvider {
  const { database, now, origin } = options;

  async function getOrder(orderId: string): Promise<Order> {
    const order = await readOrder(database.db, orderId, origin());
    if (!order) throw new PaymentError("not_found", `No order ${orderId}`, "RESOURCE_NOT_FOUND");
    return order;
  }
  const reviveAuthorization = (stored: unknown): Authorization => {
    const a = stored as Authorization & { honoredUntil: string; expiresAt: string };
    return { ...a, honoredUntil: new Date(a.honoredUntil), expiresAt: new Date(a.expiresAt) };
  };
  const asIs = <T>(stored: unknown) => stored as T;

  return {
    name: "sandbox",
    getOrder,

    async createOrder(input) {
      checkAmount(input.amountCents, input.currency);
      const orderId = await once(
        database,
        "createOrder",
        input.requestId,
        async (trx) => {
          const id = newId("SBX");
          const data: OrderData = {
            description: input.description,
            referenceId: input.referenceId,
            returnUrl: input.returnUrl,
            cancelUrl: input.cancelUrl,
          };
          await insertRow(
            trx,
            {
              id,
              kind: "order",
              parent_id: null,
              status: "CREATED",
              amount_cents: input.amountCents,
              currency: input.currency,
              data,
              expires_at: null,
            },
            now(),
          );
          return { ok: id };
        },
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
        async (trx) => {
          const order = await lockRow(trx, orderId, "order");
          if (!order) return refuse("not_found", `No order ${orderId}`, "RESOURCE_NOT_FOUND");
          if (order.status === "COMPLETED") {
            return refuse(
              "already_done",
              "The order was already authorized",
              "ORDER_ALREADY_AUTHORIZED",
            );
          }
          if (order.status !== "APPROVED") {
            return refuse(
              "not_approved",
              "The buyer has not approved the order",
              "ORDER_NOT_APPROVED",
            );
          }
          const data = order.data as OrderData;
          if (data.outcome === "decline") {
            return refuse(
              "declined",
              "The card was declined (sandbox test outcome)",
              "INSTRUMENT_DECLINED",
            );
          }
          const at = now();
          const lapses = data.outcome === "lapse";
          const honoredUntil = lapses
            ? addMs(at, LAPSING_HOLD_MS)
            : addMs(at, HOLD_LIFETIME.honoredDays * DAY_MS);
          const expiresAt = lapses ? honoredUntil : addMs(at, HOLD_LIFETIME.validDays * DAY_MS);
          const authorization: Authorization = {
            id: newId("SBXAUTH"),
            status: "CREATED",
            amountCents: order.amount_cents,
            honoredUntil,
            expiresAt,
          };
          const authData: AuthorizationData = {
            orderId,
            honoredUntil: honoredUntil.toISOString(),
            capturedCents: 0,
          };
          await insertRow(
            trx,
            {
              id: authorization.id,
              kind: "authorization",
              parent_id: orderId,
              status: "CREATED",
              amount_cents: order.amount_cents,
              currency: order.currency,
              data: authData,
              expires_at: expiresAt,
            },
            at,
          );
          await updateRow(trx, orderId, { status: "COMPLETED" }, at);
          return { ok: authorization };
        },
        reviveAuthorization,
      );
    },

    captureAuthorization(authorizationId, input) {
      return once(
        database,
        "captureAuthorization",
        input.requestId,
        async (trx) => {
          const at = now();
          const live = await liveAuthorization(trx, authorizationId, at);
          if ("error" in live) return live;
          const { row, data } = live;
          checkAmount(input.amountCents, input.currency, row.currency);
          const left = row.amount_cents - data.capturedCents;
          if (input.amountCents > left) {
            return refuse(
              "rejected",
              `Only ${left} cents are left to capture`,
              "MAX_CAPTURE_AMOUNT_EXCEEDED",
            );
          }
          const capturedCents = data.capturedCents + input.amountCents;
          const full = input.finalCapture || capturedCents === row.amount_cents;
          await updateRow(
            trx,
            authorizationId,
            { status: full ? "CAPTURED" : "PARTIALLY_CAPTURED", data: { ...data, capturedCents } },
            at,
          );
          const capture: Capture = {
            id: newId("SBXCAP"),
            status: "COMPLETED",
            amountCents: input.amountCents,
          };
          const captureData: CaptureData = { authorizationId, refundedCents: 0 };
          await insertRow(
            trx,
            {
              id: capture.id,
              kind: "capture",
              parent_id: authorizationId,
              status: capture.status,
              amount_cents: capture.amountCents,
              currency: row.currency,
              data: captureData,
              expires_at: null,
            },
            at,
          );
          return { ok: capture };
        },
        asIs<Capture>,
      );
    },

    async voidAuthorization(authorizationId, requestId) {
      await once(
        database,
        "voidAuthorization",
        requestId,
        async (trx) => {
          const at = now();
          const live = await liveAuthorization(trx, authorizationId, at);
          if ("error" in live) return live;
          await updateRow(trx, authorizationId, { status: "VOIDED" }, at);
          return { ok: null };
        },
        () => null,
      );
    },

    reauthorize(authorizationId, input) {
      return once(
        database,
        "reauthorize",
        input.requestId,
        async (trx) => {
          const at = now();
          // Checked before the state: a reauthorized original reads VOIDED, and the caller
          // should learn why it cannot be reauthorized again.
          const original = await lockRow(trx, authorizationId, "authorization");
          const originalData = original?.data as AuthorizationData | undefined;
          if (originalData?.reauthorizedBy || originalData?.reauthorizationOf) {
            return refuse(
              "rejected",
              "An authorization is reauthorized only once",
              "REAUTHORIZATION_NOT_ALLOWED",
            );
          }
          const live = await liveAuthorization(trx, authorizationId, at);
          if ("error" in live) return live;
          const { row, data } = live;
          checkAmount(input.amountCents, input.currency, row.currency);
          if (at <= new Date(data.honoredUntil)) {
            return refuse(
              "rejected",
              "The authorization is still within its honor period",
              "REAUTHORIZATION_TOO_SOON",
            );
          }
          const max = Math.min(
            Math.floor((row.amount_cents * REAUTHORIZE_MAX_PERCENT) / 100),
            row.amount_cents + REAUTHORIZE_MAX_EXTRA_CENTS,
          );
          if (input.amountCents > max) {
            return refuse(
              "rejected",
              `At most ${max} cents may be reauthorized`,
              "MAX_AUTHORIZATION_AMOUNT_EXCEEDED",
            );
          }
          const honoredUntil = addMs(at, REAUTHORIZED_HONOR_DAYS * DAY_MS);
          const authorization: Authorization = {
            id: newId("SBXAUTH"),
            status: "CREATED",
            amountCents: input.amountCents,
            honoredUntil,
            expiresAt: row.expires_at!,
          };
          const newData: AuthorizationData = {
            orderId: data.orderId,
            honoredUntil: honoredUntil.toISOString(),
            capturedCents: 0,
            reauthorizationOf: authorizationId,
          };
          await insertRow(
            trx,
            {
              id: authorization.id,
              kind: "authorization",
              parent_id: data.orderId,
              status: "CREATED",
              amount_cents: input.amountCents,
              currency: row.currency,
              data: newData,
              expires_at: row.expires_at,
            },
            at,
          );
          // The new authorization replaces the old one, whose hold is released (our choice,
          // docs: the original cannot be captured once reauthorized).
          await updateRow(
            trx,
            authorizationId,
            { status: "VOIDED", data: { ...data, reauthorizedBy: authorization.id } },
            at,
          );
          return { ok: authorization };
        },
        reviveAuthorization,
      );
    },

    refundCapture(captureId, input) {
      return once(
        database,
        "refundCapture",
        input.requestId,
        async (trx) => {
          const at = now();
          const row = await lockRow(trx, captureId, "capture");
          if (!row) return refuse("not_found", `No capture ${captureId}`, "RESOURCE_NOT_FOUND");
          const data = row.data as CaptureData;
          const left = row.amount_cents - data.refundedCents;
          if (row.status === "REFUNDED" || left === 0) {
            return refuse(
              "already_done",
              "The capture was refunded in full",
              "CAPTURE_FULLY_REFUNDED",
            );
          }
          const amountCents = input.amountCents ?? left;
          checkAmount(amountCents, input.currency, row.currency);
          if (amountCents > left) {
            return refuse(
              "rejected",
              `Only ${left} cents are left to refund`,
              "REFUND_AMOUNT_EXCEEDED",
            );
          }
          const refundedCents = data.refundedCents + amountCents;
          await updateRow(
            trx,
            captureId,
            {
              status: refundedCents === row.amount_cents ? "REFUNDED" : "PARTIALLY_REFUNDED",
              data: { ...data, refundedCents },
            },
            at,
          );
          const refund: Refund = { id: newId("SBXREF"), status: "COMPLETED", amountCents };
          await insertRow(
            trx,
            {
              id: refund.id,
              kind: "refund",
              parent_id: captureId,
              status: refund.status,
              amount_cents: amountCents,
              currency: row.currency,
              data: {},
              expires_at: null,
            },
            at,
          );
          return { ok: refund };
        },
        asIs<Refund>,
      );
    },

    // The sandbox sends no webhooks: nothing it could be sent verifies.
    async verifyWebhook() {
      return null;
    },
  };
}
