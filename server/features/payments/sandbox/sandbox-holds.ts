// The sandbox's hold operations: capture and void an authorization, each run
// inside `once` (sandbox-store.ts) at the time `at`, like PayPal's Payments v2 answers them.
import type { Capture, PaymentError, PaymentProvider } from "../provider.ts";
import { checkAmount } from "./sandbox-operations.ts";
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

/**
 * The authorization under lock, or a refusal when it can no longer move money. One past its
 * validity reads VOIDED, as PayPal shows a lapsed hold (kept: refusals are thrown after the
 * commit).
 */
async function liveAuthorization(
  trx: Trx,
  id: string,
  now: Date,
): Promise<{ row: Row; data: AuthorizationData } | { error: PaymentError }> {
  const row = await lockRow(trx, id, "authorization");
  if (!row) return refuse("not_found", `No authorization ${id}`, "RESOURCE_NOT_FOUND");
  const data = row.data as AuthorizationData;
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
    await updateRow(trx, id, { status: "VOIDED" }, now);
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
  const captureData: CaptureData = { authorizationId, orderId: data.orderId, refundedCents: 0 };
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
