import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../../contracts/bookings.ts";
import { act, bookingParties, getBooking, type Party } from "../../test/bookings.ts";
import {
  bookAhead,
  bookingRow,
  checkoutAtFake,
  DAY_MS,
  ledgerRows,
  moneyAtFake,
  type PayPalTestApp,
  startPayPalApp,
} from "../../test/paypal-bookings.ts";
import { captureAt, nextHoldCheck } from "./holds.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// The money after payment, moved by the real PayPal adapter against the fake PayPal: decline,
// cancellation refunds, the final capture, declined and expired captures, 5xx answers and an
// outage during a settlement job. No webhooks here, so the app's clock may move ahead.

let env: PayPalTestApp;
let parties: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  env = await startPayPalApp();
});
afterAll(() => env?.close());
// Every POST to PayPal's API (void, refund, captures, reauthorize, renewal order…) carried a
// PayPal-Request-Id within PayPal's 108 characters.
afterEach(() => {
  const posts = env.fake.requests.filter((r) => r.method === "POST" && r.operation !== "token");
  for (const post of posts) {
    expect(post.requestId, post.path).toBeTruthy();
    expect(post.requestId?.length ?? 0, post.path).toBeLessThanOrEqual(108);
  }
});
beforeEach(async () => {
  env.shift(0);
  parties = await bookingParties(env.app);
});

/** Booked 10 days ahead and paid at the fake: the deposit captured, the rest held. */
async function paidBooking() {
  const created = await bookAhead(env.app, parties.client, parties.creatorId);
  const { landing } = await checkoutAtFake(created.order);
  return { id: created.booking.id, orderId: created.order.id, landing };
}

async function confirmedBooking() {
  const paid = await paidBooking();
  expect((await act(env.app, parties.creator, paid.id, "accept")).status).toBe(200);
  return paid;
}

const callsTo = (path: string) => env.fake.requests.filter((r) => r.path.endsWith(path));

describe("money after payment at PayPal", () => {
  it("the creator declines: the hold is voided and the deposit refunded in full", async () => {
    const { id, orderId } = await paidBooking();
    expect((await act(env.app, parties.creator, id, "decline")).status).toBe(200);
    await env.app.deps.jobs.drain();
    const money = moneyAtFake(env.fake, orderId);
    expect(money.authorizations.map((a) => a.status)).toEqual(["VOIDED"]);
    expect(money.captures.map((c) => c.status)).toEqual(["REFUNDED"]);
    expect(money.refunds.map((r) => r.amountCents)).toEqual([13_500]);
    // A full refund is asked with an empty body (PayPal refunds what is left).
    const capture = money.captures[0];
    expect(callsTo(`/captures/${capture?.id}/refund`).map((r) => r.body)).toEqual(["{}"]);
    const ledger = await ledgerRows(env.app, id);
    expect(ledger.map((l) => [l.kind, l.amount_cents, l.status])).toEqual([
      ["authorization", 47_250, "CREATED"],
      ["deposit_capture", 13_500, "COMPLETED"],
      ["void", 33_750, "VOIDED"],
      ["refund", 13_500, "COMPLETED"],
    ]);
    expect(ledger[3]?.provider_ref).toBe(money.refunds[0]?.id);
    const after = await getBooking(env.app, parties.client, id);
    expect(after).toMatchObject({ status: "declined", holdState: "voided" });
    expect(after.payment).toMatchObject({ refundedCents: 13_500, holdCents: 0 });
  });

  it("the client cancels a confirmed booking 3 days ahead: half the deposit back, hold voided", async () => {
    const { id, orderId } = await confirmedBooking();
    const start = (await bookingRow(env.app, id)).start_time.getTime();
    env.shift(start - 3 * DAY_MS - Date.now());
    const cancelled = await act(env.app, parties.client, id, "cancel", { reason: "Plans changed" });
    expect(cancelled.status).toBe(200);
    await env.app.deps.jobs.drain();
    const money = moneyAtFake(env.fake, orderId);
    expect(money.authorizations.map((a) => a.status)).toEqual(["VOIDED"]);
    expect(money.captures.map((c) => c.status)).toEqual(["PARTIALLY_REFUNDED"]);
    expect(money.refunds.map((r) => r.amountCents)).toEqual([6_750]);
    const refundCall = callsTo(`/captures/${money.captures[0]?.id}/refund`);
    expect(refundCall.map((r) => JSON.parse(r.body))).toEqual([
      { amount: { currency_code: "USD", value: "67.50" } },
    ]);
    const after = await getBooking(env.app, parties.client, id);
    expect(after.status).toBe("cancelled");
    expect(after.payment).toMatchObject({ depositPaidCents: 13_500, refundedCents: 6_750 });
  });

  it("after the session the remainder is captured in a final capture", async () => {
    const { id, orderId } = await confirmedBooking();
    const row = await bookingRow(env.app, id);
    const at = new Date(captureAt(row.end_time).getTime() + 60_000);
    env.shift(at.getTime() - Date.now());
    await env.app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, at);
    const money = moneyAtFake(env.fake, orderId);
    expect(money.authorizations.map((a) => a.status)).toEqual(["CAPTURED"]);
    expect(money.captures.map((c) => [c.amountCents, c.finalCapture, c.status])).toEqual([
      [13_500, false, "COMPLETED"],
      [33_750, true, "COMPLETED"],
    ]);
    const after = await getBooking(env.app, parties.client, id);
    expect(after).toMatchObject({ status: "completed", holdState: "captured" });
    expect(after.payment).toMatchObject({ remainderCapturedCents: 33_750, holdCents: 0 });
    // Run again (a retried job): nothing more is captured.
    await env.app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, at);
    expect(moneyAtFake(env.fake, orderId).captures).toHaveLength(2);
  });

  it("a session beyond the honour period: the remainder is reauthorized, then captured from it", async () => {
    const { id, orderId } = await confirmedBooking();
    const row = await bookingRow(env.app, id);
    const capture = captureAt(row.end_time);
    const check = nextHoldCheck(capture, {
      honoredUntil: row.hold_honored_until ?? new Date(0),
      validUntil: row.hold_valid_until ?? new Date(0),
      reauthorized: false,
    });
    if (!check) throw new Error("a session 10 days ahead needs its hold kept");
    env.shift(check.getTime() - Date.now());
    await env.app.deps.jobs.run(BOOKING_JOBS.keepHold, { bookingId: id }, check);
    const [original, renewed] = moneyAtFake(env.fake, orderId).authorizations;
    expect(renewed).toMatchObject({ amountCents: 33_750, status: "CREATED" });
    expect(await bookingRow(env.app, id)).toMatchObject({
      status: "confirmed",
      hold_state: "active",
      hold_authorization_id: renewed?.id,
      hold_reauthorized: true,
    });
    const reauthorizations = (await ledgerRows(env.app, id)).filter(
      (l) => l.kind === "reauthorization",
    );
    expect(reauthorizations.map((l) => [l.provider_ref, l.amount_cents])).toEqual([
      [renewed?.id, 33_750],
    ]);

    const at = new Date(capture.getTime() + 60_000);
    env.shift(at.getTime() - Date.now());
    await env.app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, at);
    expect(renewed && env.fake.authorization(renewed.id).status).toBe("CAPTURED");
    expect(original?.captureIds).toHaveLength(1);
    const final = env.fake.capture(renewed?.captureIds[0] ?? "");
    expect([final.amountCents, final.finalCapture]).toEqual([33_750, true]);
    expect((await getBooking(env.app, parties.client, id)).status).toBe("completed");
  });

  it("the buyer's instrument declined at authorization: the booking is cancelled, nothing held", async () => {
    env.fake.failNext("authorize", "declined");
    const { id, orderId, landing } = await paidBooking();
    expect(landing).toBe(`/bookings/${id}?payment=failed`);
    expect(env.fake.order(orderId).authorizationIds).toEqual([]);
    const after = await getBooking(env.app, parties.client, id);
    expect(after).toMatchObject({ status: "cancelled", holdState: "none", ledger: [] });
  });

  it("a declined deposit capture cancels the booking, voids the hold and keeps no money", async () => {
    env.fake.failNext("capture", "declined");
    const { id, orderId, landing } = await paidBooking();
    expect(landing).toBe(`/bookings/${id}?payment=failed`);
    const money = moneyAtFake(env.fake, orderId);
    expect(money.authorizations.map((a) => a.status)).toEqual(["VOIDED"]);
    expect(money.captures.map((c) => c.status)).toEqual(["DECLINED"]);
    const after = await getBooking(env.app, parties.client, id);
    expect(after.status).toBe("cancelled");
    expect(after.payment).toMatchObject({ depositPaidCents: 0, holdCents: 0, refundedCents: 0 });
    expect(after.ledger.map((l) => [l.kind, l.status])).toEqual([
      ["authorization", "CREATED"],
      ["deposit_capture", "DECLINED"],
      ["void", "VOIDED"],
    ]);
  });

  it("AUTHORIZATION_EXPIRED on the remainder: the booking stands and the client approves a new hold", async () => {
    const { id, orderId } = await confirmedBooking();
    const row = await bookingRow(env.app, id);
    const at = new Date(captureAt(row.end_time).getTime() + 60_000);
    env.shift(at.getTime() - Date.now());
    env.fake.failNext("capture", "expired");
    await env.app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, at);
    const after = await bookingRow(env.app, id);
    expect(after).toMatchObject({ status: "confirmed", hold_state: "renewal_needed" });
    expect(after.renewal_order_id).toBeTruthy();
    const renewal = env.fake.order(after.renewal_order_id ?? "");
    expect(renewal).toMatchObject({ referenceId: id, amountCents: 33_750 });
    expect(renewal.id).not.toBe(orderId);
    expect(moneyAtFake(env.fake, orderId).captures).toHaveLength(1);
    await env.app.deps.jobs.drain();
    const mails = await env.app.database.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", parties.client.email)
      .execute();
    expect(mails.map((m) => m.subject)).toContain("Please approve the hold for your booking again");
    expect((await getBooking(env.app, parties.client, id)).actions).toContain("renew_hold");

    // The client approves the new hold at PayPal; the lapsed one is dropped and, the session
    // being over, the remainder is captured from the new authorization.
    const renewed = await act(env.app, parties.client, id, "renew-hold");
    expect(renewed.status).toBe(200);
    const { order } = (await renewed.json()) as { order: CreateBookingResponse["order"] };
    expect(order.id).toBe(renewal.id);
    const { landing } = await checkoutAtFake(order);
    expect(landing).toBe(`/bookings/${id}?payment=approved`);
    await env.app.deps.jobs.drain();
    const renewedMoney = moneyAtFake(env.fake, renewal.id);
    expect(renewedMoney.authorizations.map((a) => [a.amountCents, a.status])).toEqual([
      [33_750, "CAPTURED"],
    ]);
    expect(renewedMoney.captures.map((c) => [c.amountCents, c.finalCapture])).toEqual([
      [33_750, true],
    ]);
    expect(moneyAtFake(env.fake, orderId).authorizations.map((a) => a.status)).toEqual(["EXPIRED"]);
    const done = await getBooking(env.app, parties.client, id);
    expect(done).toMatchObject({ status: "completed", holdState: "captured" });
    expect(done.payment).toMatchObject({
      depositPaidCents: 13_500,
      remainderCapturedCents: 33_750,
    });
  });

  it("a 5xx answer to the deposit capture (after PayPal acted) still makes one capture", async () => {
    env.fake.failNext("capture", "server_error_after_acting");
    const { id, orderId, landing } = await paidBooking();
    expect(landing).toBe(`/bookings/${id}?payment=approved`);
    const money = moneyAtFake(env.fake, orderId);
    expect(money.captures).toHaveLength(1);
    const authorizationId = money.authorizations[0]?.id ?? "";
    const attempts = callsTo(`/authorizations/${authorizationId}/capture`);
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((r) => r.requestId)).size).toBe(1);
    expect((await ledgerRows(env.app, id)).map((l) => l.provider_ref)).toContain(
      money.captures[0]?.id,
    );
    expect((await getBooking(env.app, parties.client, id)).status).toBe("pending");
  });

  it("PayPal down during the settlement job: the job fails, is retried, and settles once", async () => {
    const { id, orderId } = await paidBooking();
    // The void reaches PayPal but its answer is lost, then PayPal answers nothing but 5xx.
    env.fake.failNext("void", "server_error_after_acting");
    env.fake.failNext("void", "server_error", 2);
    expect((await act(env.app, parties.creator, id, "decline")).status).toBe(200);
    await env.app.deps.jobs.drain();
    const { rows } = await env.app.database.pool.query<{ state: string }>(
      "select state from pgboss.job where name = $1 and data->>'bookingId' = $2",
      [BOOKING_JOBS.settle, id],
    );
    expect(rows.map((r) => r.state)).toEqual(["retry"]);
    expect((await bookingRow(env.app, id)).hold_state).toBe("active");
    expect(moneyAtFake(env.fake, orderId).refunds).toEqual([]);

    // PayPal is back: the retry settles, and a further run changes nothing.
    await env.app.deps.jobs.run(BOOKING_JOBS.settle, { bookingId: id });
    await env.app.deps.jobs.run(BOOKING_JOBS.settle, { bookingId: id });
    const money = moneyAtFake(env.fake, orderId);
    expect(money.authorizations.map((a) => a.status)).toEqual(["VOIDED"]);
    expect(money.refunds.map((r) => r.amountCents)).toEqual([13_500]);
    const voids = callsTo(`/authorizations/${money.authorizations[0]?.id}/void`);
    // Three attempts in the failed run, one in the retry: all the same request, acted on once.
    expect(voids).toHaveLength(4);
    expect(new Set(voids.map((r) => r.requestId)).size).toBe(1);
    const ledger = await ledgerRows(env.app, id);
    expect(ledger.filter((l) => l.kind === "void").map((l) => l.status)).toEqual(["VOIDED"]);
    expect(ledger.filter((l) => l.kind === "refund")).toHaveLength(1);
    expect((await bookingRow(env.app, id)).hold_state).toBe("voided");
  });
});
