import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../../contracts/bookings.ts";
import { act, bookingParties, getBooking, type Party } from "../../test/bookings.ts";
import {
  bookAhead,
  bookingRow,
  CAPABILITY_CORNERS,
  checkoutAtFake,
  ledgerRows,
  moneyAtFake,
  type PayPalTestApp,
  startPayPalApp,
} from "../../test/paypal-bookings.ts";
import { remainderOpensAt } from "../bookings/remainder-window.ts";
import { PAYPAL_WEBHOOK_PATH } from "./routes.ts";
import { SETTLE_BOOKING_JOB } from "./settle.ts";

// Money PayPal gave back to the client before the booking ended (a partial chargeback, a refund
// in PayPal's dashboard) counts toward what the booking's settlement returns: the refund asks
// only for what is left on the capture (PayPal refuses more, and the job would fail for a day),
// and a booking cancelled by the reversal returns the rest of the deposit. Found by the money
// model (server/fuzz/money-model.fuzz.test.ts).

const [defaultAccount] = CAPABILITY_CORNERS;
/** 3 h at $150: a 30 % deposit, and the rest of the subtotal with the 5 % fee. */
const DEPOSIT = 13_500;
const BALANCE = 33_750;

describe("a settlement after PayPal took money back", () => {
  let env: PayPalTestApp;
  let parties: { creatorId: string; creator: Party; client: Party };

  beforeAll(async () => {
    env = await startPayPalApp({ capabilities: defaultAccount.capabilities });
  });
  afterAll(() => env?.close());
  beforeEach(async () => {
    env.shift(0);
    parties = await bookingParties(env.app);
  });

  async function paidBooking() {
    const created = await bookAhead(env.app, parties.client, parties.creatorId, 10);
    await checkoutAtFake(created.order);
    const capture = moneyAtFake(env.fake, created.order.id).captures[0];
    if (!capture) throw new Error("the deposit was not captured");
    return { id: created.booking.id, orderId: created.order.id, captureId: capture.id };
  }

  const post = (delivery: Parameters<typeof env.fake.post>[1]) =>
    env.fake.post(`${env.app.url}${PAYPAL_WEBHOOK_PATH}`, delivery);
  const ledger = async (id: string) =>
    (await ledgerRows(env.app, id)).map((l) => `${l.kind} ${l.amount_cents}`);

  it("a creator's cancellation refunds what a dashboard refund left of the charged balance", async () => {
    const { id } = await paidBooking();
    expect((await act(env.app, parties.creator, id, "accept")).status).toBe(200);
    env.shift(remainderOpensAt(await bookingRow(env.app, id)).getTime() - Date.now() + 60_000);
    const opened = await act(env.app, parties.client, id, "approve-remainder");
    const { order } = (await opened.json()) as { order: CreateBookingResponse["order"] };
    await checkoutAtFake(order);
    // A default account charges the balance at approval; PayPal's dashboard gives part back.
    const balance = moneyAtFake(env.fake, order.id).captures[0];
    expect(balance?.amountCents).toBe(BALANCE);
    expect((await post(env.fake.refundOutside(balance?.id ?? "", 5_000))).status).toBe(200);
    expect((await act(env.app, parties.creator, id, "cancel", {})).status).toBe(200);
    await env.app.deps.jobs.drain();

    const refunds = moneyAtFake(env.fake, order.id).refunds;
    expect(refunds.map((r) => [r.origin, r.amountCents])).toEqual([
      ["dashboard", 5_000],
      ["api", BALANCE - 5_000],
    ]);
    expect(await ledger(id)).toEqual([
      `deposit_capture ${DEPOSIT}`,
      `remainder_capture ${BALANCE}`,
      "reversal 5000",
      `refund ${DEPOSIT}`,
      `remainder_refund ${BALANCE - 5_000}`,
    ]);
    expect((await getBooking(env.app, parties.client, id)).payment.netPaidCents).toBe(0);
  });

  it("a partial chargeback cancels a request and the rest of the deposit goes back", async () => {
    const { id, orderId, captureId } = await paidBooking();
    expect((await post(env.fake.reverse(captureId, 4_000))).status).toBe(200);
    await env.app.deps.jobs.drain();

    const b = await getBooking(env.app, parties.client, id);
    expect(b.status).toBe("cancelled");
    expect(b.payment.netPaidCents).toBe(0);
    expect(moneyAtFake(env.fake, orderId).refunds.map((r) => [r.origin, r.amountCents])).toEqual([
      ["reversal", 4_000],
      ["api", DEPOSIT - 4_000],
    ]);
  });

  it("a full chargeback refunds nothing on top", async () => {
    const { id, orderId, captureId } = await paidBooking();
    expect((await post(env.fake.reverse(captureId))).status).toBe(200);
    await env.app.deps.jobs.drain();

    expect((await getBooking(env.app, parties.client, id)).status).toBe("cancelled");
    expect(moneyAtFake(env.fake, orderId).refunds.map((r) => r.origin)).toEqual(["reversal"]);
    expect(await ledger(id)).toEqual([`deposit_capture ${DEPOSIT}`, `reversal ${DEPOSIT}`]);
  });

  it("a refund PayPal refused (a chargeback came first) is asked again for less, under a new request id", async () => {
    const { id, orderId, captureId } = await paidBooking();
    const reversal = env.fake.reverse(captureId, 4_000); // its webhook is not here yet
    expect((await act(env.app, parties.creator, id, "decline")).status).toBe(200);
    await env.app.deps.jobs.drain(); // the settlement asks for the whole deposit: refused
    expect(moneyAtFake(env.fake, orderId).refunds.map((r) => r.origin)).toEqual(["reversal"]);

    expect((await post(reversal)).status).toBe(200);
    const settlement = { bookingId: id, depositRefundCents: DEPOSIT, refundRemainder: true };
    await env.app.deps.jobs.run(SETTLE_BOOKING_JOB, settlement);
    await env.app.deps.jobs.run(SETTLE_BOOKING_JOB, settlement);

    const asked = env.fake.requests.filter(
      (r) => r.operation === "refund" && r.path.includes(captureId),
    );
    expect(asked.map((r) => JSON.parse(r.body).amount.value)).toEqual(["135.00", "95.00"]);
    expect(new Set(asked.map((r) => r.requestId)).size).toBe(2);
    expect(moneyAtFake(env.fake, orderId).refunds.map((r) => [r.origin, r.amountCents])).toEqual([
      ["reversal", 4_000],
      ["api", DEPOSIT - 4_000],
    ]);
    expect((await getBooking(env.app, parties.client, id)).payment.netPaidCents).toBe(0);
  });
});
