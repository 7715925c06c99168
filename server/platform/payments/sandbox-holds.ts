// The sandbox's hold operations: capture, void and reauthorize an authorization, each run
// inside `once` (sandbox-store.ts) at the time `at`, like PayPal's Payments v2 answers them.
import type { Authorization, Capture, PaymentError, PaymentProvider } from "./provider.ts";
import { addMs, checkAmount, DAY_MS } from "./sandbox-operations.ts";
import {
  type AuthorizationData,
  type CaptureData,
  insertRow,
  lockRow,
  newId,
  type Outcome,
  type Row,
  refuse,
  type Trx,
  updateRow,
} from "./sandbox-store.ts";

type CaptureInput = Parameters<PaymentProvider["captureAuthorization"]>[1];
type ReauthorizeInput = Parameters<PaymentProvider["reauthorize"]>[1];

/** PayPal's limits on a reauthorization: 115 % of the original, and at most $75 more (US). */
const REAUTHORIZE_MAX_PERCENT = 115;
const REAUTHORIZE_MAX_EXTRA_CENTS = 7500;
const REAUTHORIZED_HONOR_DAYS = 3;

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

export async function capture(
  trx: Trx,
  at: Date,
  authorizationId: string,
  input: CaptureInput,
): Promise<Outcome<Capture>> {
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
}

export async function voidHold(
  trx: Trx,
  at: Date,
  authorizationId: string,
): Promise<Outcome<null>> {
  const live = await liveAuthorization(trx, authorizationId, at);
  if ("error" in live) return live;
  await updateRow(trx, authorizationId, { status: "VOIDED" }, at);
  return { ok: null };
}

export async function reauthorizeHold(
  trx: Trx,
  at: Date,
  authorizationId: string,
  input: ReauthorizeInput,
): Promise<Outcome<Authorization>> {
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
      "CANNOT_REAUTH_INSIDE_HONOR_PERIOD",
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
  // PayPal: "any subsequent capture should be performed on the new authorization ID".
  // Its documents do not say what the original then reads; the sandbox voids it, so
  // the new authorization is the only way to the money (and a stray capture of the
  // original fails loudly in development instead of double-charging).
  await updateRow(
    trx,
    authorizationId,
    { status: "VOIDED", data: { ...data, reauthorizedBy: authorization.id } },
    at,
  );
  return { ok: authorization };
}
