import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../../contracts/bookings.ts";
import { act, bookingParties, getBooking, type Party } from "../../test/bookings.ts";
import {
  bookAhead,
  bookingRow,
  CAPABILITY_CORNERS,
  checkoutAtFake,
  DAY_MS,
  ledgerRows,
  moneyAtFake,
  type PayPalTestApp,
  startPayPalApp,
} from "../../test/paypal-bookings.ts";
import { PAYPAL_WEBHOOK_PATH } from "../payments/routes.ts";
import { SETTLE_BOOKING_JOB } from "../payments/settle.ts";
import { BOOKING_JOBS } from "./job-names.ts";
import { captureAt, remainderOpensAt } from "./remainder-window.ts";

// A booking's money after the deposit, moved by the real PayPal adapter against the strict fake
// PayPal — on a merchant account with PayPal's default settings (no Authorize & Capture, no
// multiple captures: the balance is charged when the client approves it) and on one with every
// optional capability (the balance is held and captured once after the session). Refunds, the
// balance, PENDING money, declines, reversals, 5xx answers and an outage during a settlement.

type Order = CreateBookingResponse["order"];

describe.each(CAPABILITY_CORNERS)("on $corner", ({ capabilities }) => {
  const holds = capabilities.authCapture;
  let env: PayPalTestApp;
  let parties: { creatorId: string; creator: Party; client: Party };

  beforeAll(async () => {
    env = await startPayPalApp({ capabilities });
  });
  afterAll(() => env?.close());
  // Every request fit PayPal's published schemas, and no request id served two intents.
  afterEach(() => {
    expect(env.fake.violations).toEqual([]);
    expect(env.fake.requestIdReuse).toEqual([]);
  });
  beforeEach(async () => {
    env.shift(0);
    parties = await bookingParties(env.app);
  });

  const webhookUrl = () => `${env.app.url}${PAYPAL_WEBHOOK_PATH}`;
  const callsTo = (path: string) => env.fake.requests.filter((r) => r.path.endsWith(path));
  const detail = (id: string) => getBooking(env.app, parties.client, id);
  const ledger = async (id: string) =>
    (await ledgerRows(env.app, id)).map((l) => `${l.kind} ${l.amount_cents}`);

  /** Booked `days` ahead (3 h at $150: deposit 13,500, balance 33,750) and its deposit paid. */
  async function paidBooking(days = 10) {
    const created = await bookAhead(env.app, parties.client, parties.creatorId, days);
    const { landing } = await checkoutAtFake(created.order);
    expect(landing).toBe(`/bookings/${created.booking.id}?payment=approved`);
    return { id: created.booking.id, orderId: created.order.id };
  }

  async function confirmedBooking(days = 10) {
    const paid = await paidBooking(days);
    expect((await act(env.app, parties.creator, paid.id, "accept")).status).toBe(200);
    return paid;
  }

  /** Moves both clocks to the opening of the booking's balance window. */
  async function toBalanceWindow(id: string) {
    const row = await bookingRow(env.app, id);
    env.shift(remainderOpensAt(row).getTime() - Date.now() + 60_000);
  }

  /** Opens the balance's order (the client's button): answers it. */
  async function openBalance(id: string): Promise<Order> {
    const response = await act(env.app, parties.client, id, "approve-remainder");
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { order: Order }).order;
  }

  /** A confirmed booking whose balance the client approved in its window. */
  async function balanceApproved(days = 10) {
    const paid = await confirmedBooking(days);
    await toBalanceWindow(paid.id);
    const order = await openBalance(paid.id);
    expect((await checkoutAtFake(order)).landing).toBe(`/bookings/${paid.id}?payment=approved`);
    return { ...paid, balanceOrderId: order.id };
  }

  async function afterTheSession(id: string) {
    const row = await bookingRow(env.app, id);
    env.shift(captureAt(row.end_time).getTime() - Date.now() + 60_000);
    await env.app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, env.app.deps.now());
  }

  describe("refunds", () => {
    it("the creator declines: the deposit is refunded in full", async () => {
      const { id, orderId } = await paidBooking();
      expect((await act(env.app, parties.creator, id, "decline")).status).toBe(200);
      await env.app.deps.jobs.drain();
      const money = moneyAtFake(env.fake, orderId);
      expect(money.refunds.map((r) => r.amountCents)).toEqual([13_500]);
      expect(money.captures[0]?.status).toBe("REFUNDED");
      expect(await ledger(id)).toEqual(["deposit_capture 13500", "refund 13500"]);
    });

    it("the client cancels a confirmed booking 3 days ahead: half the deposit back", async () => {
      const { id, orderId } = await confirmedBooking();
      env.shift(7 * DAY_MS);
      expect((await act(env.app, parties.client, id, "cancel", {})).status).toBe(200);
      await env.app.deps.jobs.drain();
      expect(moneyAtFake(env.fake, orderId).refunds.map((r) => r.amountCents)).toEqual([6_750]);
      expect((await detail(id)).payment).toMatchObject({
        refundedCents: 6_750,
        netPaidCents: 6_750,
      });
    });
  });

  describe("the remaining balance", () => {
    it(`is ${holds ? "held at approval and captured once after" : "charged at approval"} the session`, async () => {
      const { id, balanceOrderId } = await balanceApproved();
      const sent = JSON.parse(
        env.fake.requests.filter((r) => r.operation === "createOrder").at(-1)?.body ?? "{}",
      );
      expect(sent.intent).toBe(holds ? "AUTHORIZE" : "CAPTURE");
      expect(sent.purchase_units[0].amount).toEqual({ currency_code: "USD", value: "337.50" });
      const balance = moneyAtFake(env.fake, balanceOrderId);
      expect(balance.authorizations.map((a) => a.status)).toEqual(holds ? ["CREATED"] : []);
      expect(balance.captures.map((c) => c.amountCents)).toEqual(holds ? [] : [33_750]);
      expect((await detail(id)).remainderState).toBe(holds ? "held" : "paid");

      await afterTheSession(id);
      const done = await detail(id);
      expect(done).toMatchObject({ status: "completed", remainderState: "paid" });
      expect(done.payment).toMatchObject({ netPaidCents: 47_250, remainderCapturedCents: 33_750 });
      const after = moneyAtFake(env.fake, balanceOrderId);
      expect(after.captures.map((c) => [c.amountCents, c.status])).toEqual([[33_750, "COMPLETED"]]);
      if (holds) expect(after.captures[0]?.finalCapture).toBe(true);
      // No authorization was ever captured twice or reauthorized.
      expect(callsTo("/reauthorize")).toEqual([]);
    });

    it("a booking weeks ahead holds nothing until its window; cancelled, whatever it holds is released", async () => {
      const { id, balanceOrderId } = await balanceApproved(20);
      expect(callsTo("/reauthorize")).toEqual([]);
      expect((await act(env.app, parties.creator, id, "cancel", {})).status).toBe(200);
      await env.app.deps.jobs.drain();
      const balance = moneyAtFake(env.fake, balanceOrderId);
      if (holds) {
        expect(balance.authorizations.map((a) => a.status)).toEqual(["VOIDED"]);
      } else {
        expect(balance.refunds.map((r) => r.amountCents)).toEqual([33_750]);
      }
      const b = await detail(id);
      expect(b).toMatchObject({ status: "cancelled", remainderState: "released" });
      // The creator cancelled: the deposit back in full too.
      expect(b.payment.netPaidCents).toBe(0);
    });

    it("a page left open for hours gets a new order when reopened; the stale one lapses at PayPal", async () => {
      const { id } = await confirmedBooking();
      await toBalanceWindow(id);
      const first = await openBalance(id);
      env.shift(env.app.deps.now().getTime() - Date.now() + 4 * 60 * 60 * 1000);
      const second = await openBalance(id);
      expect(second.id).not.toBe(first.id);
      const stale = await fetch(first.links[0]?.href ?? "", { redirect: "manual" });
      expect(stale.status).toBe(410);
      expect((await checkoutAtFake(second)).landing).toBe(`/bookings/${id}?payment=approved`);
      expect((await detail(id)).remainderState).toBe(holds ? "held" : "paid");
    });

    it("never approved: at the start the booking is cancelled, the deposit kept by the policy", async () => {
      const { id } = await confirmedBooking();
      const row = await bookingRow(env.app, id);
      env.shift(row.start_time.getTime() - Date.now());
      await env.app.deps.jobs.run(
        BOOKING_JOBS.remainderDeadline,
        { bookingId: id },
        env.app.deps.now(),
      );
      await env.app.deps.jobs.drain();
      const b = await detail(id);
      expect(b).toMatchObject({ status: "cancelled", remainderState: "released" });
      expect(b.payment).toMatchObject({ netPaidCents: 13_500, refundedCents: 0 });
    });
  });

  describe("declines and money PayPal has not settled", () => {
    it("a declined funding source on the deposit: the booking waits, the client chooses another", async () => {
      const created = await bookAhead(env.app, parties.client, parties.creatorId);
      env.fake.failNext("captureOrder", "instrument_declined");
      const { landing } = await checkoutAtFake(created.order);
      expect(landing).toBe(`/bookings/${created.booking.id}?payment=declined`);
      expect((await detail(created.booking.id)).status).toBe("pending_payment");
      const again = await act(env.app, parties.client, created.booking.id, "pay");
      const { order } = (await again.json()) as { order: Order };
      expect(order.links[0]?.href).toContain(created.order.id);
      expect((await checkoutAtFake(order)).landing).toBe(
        `/bookings/${created.booking.id}?payment=approved`,
      );
      expect((await detail(created.booking.id)).status).toBe("pending");
      expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(1);
    });

    it("a PENDING deposit is neither paid nor expired; PayPal's COMPLETED webhook completes it", async () => {
      const created = await bookAhead(env.app, parties.client, parties.creatorId);
      env.fake.failNext("captureOrder", "pending");
      const { landing } = await checkoutAtFake(created.order);
      expect(landing).toBe(`/bookings/${created.booking.id}?payment=processing`);
      const id = created.booking.id;
      expect((await detail(id)).payment.depositPaidCents).toBe(13_500);
      // An hour later the 30-minute expiry leaves it alone: PayPal has not decided yet.
      env.shift(60 * 60 * 1000);
      await env.app.deps.jobs.run(
        BOOKING_JOBS.expirePayment,
        { bookingId: id },
        env.app.deps.now(),
      );
      expect((await detail(id)).status).toBe("pending_payment");
      const capture = moneyAtFake(env.fake, created.order.id).captures[0];
      const delivery = env.fake.settle(capture?.id ?? "", "COMPLETED");
      expect((await env.fake.post(webhookUrl(), delivery!)).status).toBe(200);
      expect((await detail(id)).status).toBe("pending");
      expect(await ledger(id)).toEqual(["deposit_capture 13500"]);
    });

    it("a PENDING deposit PayPal then denies takes nothing, and the booking lapses", async () => {
      const created = await bookAhead(env.app, parties.client, parties.creatorId);
      env.fake.failNext("captureOrder", "pending");
      await checkoutAtFake(created.order);
      const capture = moneyAtFake(env.fake, created.order.id).captures[0];
      const delivery = env.fake.settle(capture?.id ?? "", "DENIED");
      expect((await env.fake.post(webhookUrl(), delivery!)).status).toBe(200);
      const b = await detail(created.booking.id);
      expect(b.payment.depositPaidCents).toBe(0);
      env.shift(60 * 60 * 1000);
      await env.app.deps.jobs.run(
        BOOKING_JOBS.expirePayment,
        { bookingId: created.booking.id },
        env.app.deps.now(),
      );
      expect((await detail(created.booking.id)).status).toBe("expired");
    });

    it("the balance PENDING at PayPal waits; its COMPLETED webhook finishes it", async () => {
      const { id } = await confirmedBooking();
      await toBalanceWindow(id);
      const order = await openBalance(id);
      // With holds the capture after the session is the one PayPal keeps pending.
      if (!holds) env.fake.failNext("captureOrder", "pending");
      expect((await checkoutAtFake(order)).landing).toContain("payment=");
      if (holds) env.fake.failNext("capture", "pending");
      if (holds) await afterTheSession(id);
      const waiting = await detail(id);
      expect(waiting.remainderState).toBe("processing");
      expect(waiting.status).toBe("confirmed");
      const capture = moneyAtFake(env.fake, order.id).captures[0];
      const delivery = env.fake.settle(capture?.id ?? "", "COMPLETED");
      expect((await env.fake.post(webhookUrl(), delivery!)).status).toBe(200);
      if (!holds) await afterTheSession(id);
      expect(await detail(id)).toMatchObject({ status: "completed", remainderState: "paid" });
    });
  });

  describe("money PayPal takes back", () => {
    it("a reversed deposit cancels a confirmed booking, releases the balance and tells staff", async () => {
      const { id, orderId, balanceOrderId } = await balanceApproved();
      const deposit = moneyAtFake(env.fake, orderId).captures[0];
      const delivery = env.fake.reverse(deposit?.id ?? "");
      expect((await env.fake.post(webhookUrl(), delivery)).status).toBe(200);
      await env.app.deps.jobs.drain();
      const b = await detail(id);
      expect(b).toMatchObject({ status: "cancelled", remainderState: "released" });
      expect(await ledger(id)).toContain("reversal 13500");
      expect(b.payment.netPaidCents).toBe(0);
      const balance = moneyAtFake(env.fake, balanceOrderId);
      if (holds) expect(balance.authorizations.map((a) => a.status)).toEqual(["VOIDED"]);
      else expect(balance.refunds.map((r) => r.amountCents)).toEqual([33_750]);
      const staff = await env.app.database.db
        .selectFrom("admin_notifications")
        .select(["kind", "link"])
        .where("link", "=", `/bookings/${id}`)
        .execute();
      expect(staff).toContainEqual({ kind: "payment_problem", link: `/bookings/${id}` });
      // The same event again, or PayPal's own REFUNDED for our refund, counts nothing twice.
      expect((await env.fake.post(webhookUrl(), delivery)).status).toBe(200);
      expect((await ledger(id)).filter((l) => l.startsWith("reversal"))).toHaveLength(1);
    });

    it("a refund made in PayPal's dashboard after the session is recorded; the booking stands", async () => {
      const { id, balanceOrderId } = await balanceApproved();
      await afterTheSession(id);
      const capture = moneyAtFake(env.fake, balanceOrderId).captures[0];
      const delivery = env.fake.refundOutside(capture?.id ?? "", 5_000);
      expect((await env.fake.post(webhookUrl(), delivery)).status).toBe(200);
      const b = await detail(id);
      expect(b.status).toBe("completed");
      expect(b.payment.netPaidCents).toBe(47_250 - 5_000);
      expect(await ledger(id)).toContain("reversal 5000");
    });
  });

  describe("PayPal failing", () => {
    it("a 5xx answer to the deposit capture (after PayPal acted) still makes one capture", async () => {
      env.fake.failNext("captureOrder", "server_error_after_acting");
      const { id, orderId } = await paidBooking();
      const money = moneyAtFake(env.fake, orderId);
      expect(money.captures).toHaveLength(1);
      const attempts = callsTo(`/orders/${orderId}/capture`);
      expect(attempts).toHaveLength(2);
      expect(new Set(attempts.map((r) => r.requestId)).size).toBe(1);
      expect((await detail(id)).status).toBe("pending");
    });

    it("PayPal down during the settlement job: the job fails, is retried, and settles once", async () => {
      const { id, orderId } = await paidBooking();
      env.fake.failNext("refund", "server_error_after_acting");
      env.fake.failNext("refund", "server_error", 2);
      expect((await act(env.app, parties.creator, id, "decline")).status).toBe(200);
      await env.app.deps.jobs.drain();
      const { rows } = await env.app.database.pool.query<{ state: string }>(
        "select state from pgboss.job where name = $1 and data->>'bookingId' = $2",
        [SETTLE_BOOKING_JOB, id],
      );
      expect(rows.map((r) => r.state)).toEqual(["retry"]);
      const settlement = { bookingId: id, depositRefundCents: 13_500, refundRemainder: true };
      await env.app.deps.jobs.run(SETTLE_BOOKING_JOB, settlement);
      await env.app.deps.jobs.run(SETTLE_BOOKING_JOB, settlement);
      expect(moneyAtFake(env.fake, orderId).refunds.map((r) => r.amountCents)).toEqual([13_500]);
      const refunds = callsTo(`/captures/${moneyAtFake(env.fake, orderId).captures[0]?.id}/refund`);
      expect(new Set(refunds.map((r) => r.requestId)).size).toBe(1);
      expect((await ledger(id)).filter((l) => l.startsWith("refund"))).toHaveLength(1);
    });
  });

  if (holds) {
    it("a hold that lapsed by the capture: the client approves again, then it is captured", async () => {
      const { id } = await balanceApproved();
      env.fake.failNext("capture", "expired");
      await afterTheSession(id);
      const waiting = await detail(id);
      expect(waiting).toMatchObject({ status: "confirmed", remainderState: "awaiting" });
      expect(waiting.actions).toContain("approve_remainder");
      const order = await openBalance(id);
      expect((await checkoutAtFake(order)).landing).toBe(`/bookings/${id}?payment=approved`);
      await env.app.deps.jobs.drain();
      await env.app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, env.app.deps.now());
      expect(await detail(id)).toMatchObject({ status: "completed", remainderState: "paid" });
    });
  }
});
