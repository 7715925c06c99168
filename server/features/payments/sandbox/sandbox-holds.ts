// The sandbox's hold operations: capture and void an authorization, each run
// inside `once` (sandbox-store.ts) at the time `at`, like PayPal's Payments v2 answers them.
import type { Capture, PaymentError, PaymentProvider } from "../provider.ts";
import { checkAmount } from "./sandbox-operations.ts";
import { insertRow, lockRow, updateRow } from "./sandbox-queries.ts";
import {
  type AuthorizationData,
  type CaptureData,
  newId,
  type Outcome,
  type Row,
  refuse,
  type Trx,
} from "./sandbox-store.ts";

type CaptureInput = Parameters<PaymentProvider["captureAuthorization"]>[1];

/**
 * The authorization under lock, or a refusal in PayPal's words when it can no longer move money
 * by `action`. One past its validity reads VOIDED, as PayPal shows a lapsed hold (stored: a
 * refusal is returned, not thrown, so the transaction keeps it). Capturing a lapsed one answers
 * AUTHORIZATION_EXPIRED, a voided one AUTHORIZATION_VOIDED (both authorization_expired: a new
 * approval is needed); voiding either PREVIOUSLY_VOIDED (already_done).
 */
async function liveAuthorization(
  trx: Trx,
  id: string,
  now: Date,
  action: "capture" | "void",
): Promise<{ row: Row; data: AuthorizationData } | { error: PaymentError }> {
  const row = await lockRow(trx, id, "authorization");
  if (!row) return refuse("not_found", `No authorization ${id}`, "RESOURCE_NOT_FOUND");
  const data = row.data as AuthorizationData;
  if (row.status === "CAPTURED") {
    return action === "void"
      ? refuse("already_done", "The authorization was captured", "PREVIOUSLY_CAPTURED")
      : refuse(
          "already_done",
          "The authorization was captured in full",
          "AUTHORIZATION_ALREADY_CAPTURED",
        );
  }
  const lapsed = now > row.expires_at!;
  if (lapsed && row.status !== "VOIDED") await updateRow(trx, id, { status: "VOIDED" }, now);
  if (lapsed || row.status === "VOIDED") {
    if (action === "void") {
      return refuse("already_done", "The authorization was voided", "PREVIOUSLY_VOIDED");
    }
    return lapsed
      ? refuse("authorization_expired", "The authorization has expired", "AUTHORIZATION_EXPIRED")
      : refuse("authorization_expired", "The authorization was voided", "AUTHORIZATION_VOIDED");
  }
  return { row, data };
}

export async function capture(
  trx: Trx,
  at: Date,
  authorizationId: string,
  input: CaptureInput,
): Promise<Outcome<Capture>> {
  const live = await liveAuthorization(trx, authorizationId, at, "capture");
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
  const live = await liveAuthorization(trx, authorizationId, at, "void");
  if ("error" in live) return live;
  await updateRow(trx, authorizationId, { status: "VOIDED" }, at);
  return { ok: null };
}
