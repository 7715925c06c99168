import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listOutbox } from "../../platform/mail.ts";
import {
  act,
  approveRemainder,
  book,
  bookingParties,
  bookingState,
  getBooking,
  type Party,
  paidBooking,
  payInSandbox,
  requestBooking,
  scheduleSettings,
} from "../../test/bookings.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { SETTLE_BOOKING_JOB } from "../payments/settle.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// Where the money is after each path: the payment summary and the ledger, integer cents that
// add up, and every job idempotent (a second run moves nothing more). The clock is far in the
// future, so queued jobs run only when a test runs or drains them.

const T0 = new Date("2030-06-01T12:00:00Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(T0.getTime() + ms);
let clock = T0;
let app: TestApp;
let p: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(async () => {
  clock = T0;
  // $150.15/h for one hour: deposit 4,505, half of it 2,252.5 → 2,253 (half up).
  p = await bookingParties(app, 15_015);
});

const PRICE = { total: 15_766, deposit: 4_505, remainder: 11_261 };
// 2030-06-20 10:00 in New York = 14:00Z, one hour; the balance is captured 24 h after its end
// and approved from 47 hours before that end.
const SESSION = { date: "2030-06-20", startTime: "10:00", hours: 1 };
type Order = Parameters<typeof payInSandbox>[1];
const START = new Date("2030-06-20T14:00:00Z");
const OPENS = new Date("2030-06-18T16:00:00Z");
const CAPTURE = new Date("2030-06-21T15:00:00Z");

/** The client's view of the money, checked for integer cents that add up. */
async function money(id: string) {
  const b = await getBooking(app, p.client, id);
  for (const l of b.ledger) expect(Number.isInteger(l.amountCents)).toBe(true);
  const { depositPaidCents, remainderCapturedCents, refundedCents, netPaidCents } = b.payment;
  expect(depositPaidCents + remainderCapturedCents).toBeLessThanOrEqual(b.totalCents);
  expect(netPaidCents).toBeGreaterThanOrEqual(0);
  return {
    status: b.status,
    remainderState: b.remainderState,
    ledger: b.ledger.map((l) => `${l.kind} ${l.amountCents}`),
    kept: netPaidCents,
    refunded: refundedCents,
    payment: b.payment,
    actions: b.actions,
  };
}

/** Runs a job, then runs it again: the second run must change nothing. */
async function runTwice(job: string, bookingId: string, when: Date) {
  clock = when;
  await app.deps.jobs.run(job, { bookingId }, when);
  await app.deps.jobs.drain();
  const once = await bookingState(app, bookingId);
  await app.deps.jobs.run(job, { bookingId }, when);
  await app.deps.jobs.drain();
  expect(await bookingState(app, bookingId)).toEqual(once);
}

/** Drains, then runs the settlement again by hand: nothing more may move. */
async function settled(id: string) {
  await app.deps.jobs.drain();
  const once = await bookingState(app, id);
  const b = await getBooking(app, p.client, id);
  await app.deps.jobs.run(
    SETTLE_BOOKING_JOB,
    { bookingId: id, depositRefundCents: b.payment.refundDueCents, refundRemainder: true },
    clock,
  );
  expect(await bookingState(app, id)).toEqual(once);
  return money(id);
}

const subjects = async (email: string) => {
  await app.deps.jobs.drain();
  return (await listOutbox(app.database.db, 50, email)).map((m) => m.subject);
};

const PAID = [`deposit_capture ${PRICE.deposit}`];
const HELD = [...PAID, `authorization ${PRICE.remainder}`];

/** A confirmed booking whose balance the client approved (held) once the window opened. */
async function heldBooking() {
  const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
  expect((await act(app, p.creator, id, "accept")).status).toBe(200);
  clock = OPENS;
  expect(await approveRemainder(app, p.client, id)).toContain("payment=approved");
  return id;
}

describe("refunds", () => {
  it("decline: the deposit refunded in full, nothing held", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "decline")).status).toBe(200);
    const m = await settled(id);
    expect(m).toMatchObject({ status: "declined", remainderState: "released", kept: 0 });
    expect(m.ledger).toEqual([...PAID, `refund ${PRICE.deposit}`]);
    expect(m.payment).toMatchObject({ refundedCents: PRICE.deposit, holdCents: 0 });
  });

  it("the client cancels a pending request: full refund", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.client, id, "cancel", {})).status).toBe(200);
    const m = await settled(id);
    expect(m).toMatchObject({ status: "cancelled", remainderState: "released", kept: 0 });
    expect(m.ledger).toEqual([...PAID, `refund ${PRICE.deposit}`]);
  });

  it.each([
    { who: "client", before: 7 * DAY, refund: PRICE.deposit },
    { who: "client", before: 3 * DAY, refund: 2_253 },
    { who: "client", before: 24 * HOUR, refund: 0 },
    { who: "creator", before: 24 * HOUR, refund: PRICE.deposit },
  ] as const)(
    "a confirmed booking cancelled by the $who $before ms before: refund $refund",
    async ({ who, before, refund }) => {
      const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
      expect((await act(app, p.creator, id, "accept")).status).toBe(200);
      clock = new Date(START.getTime() - before);
      const offered = await getBooking(app, p[who], id);
      expect(offered.cancellation.refundNowCents).toBe(refund);
      expect((await act(app, p[who], id, "cancel", {})).status).toBe(200);
      const m = await settled(id);
      expect(m).toMatchObject({ status: "cancelled", remainderState: "released" });
      expect(m.ledger).toEqual(refund > 0 ? [...PAID, `refund ${refund}`] : PAID);
      expect(m.kept).toBe(PRICE.deposit - refund);
    },
  );

  it("a confirmed booking whose balance is held: cancelling voids the hold", async () => {
    const id = await heldBooking();
    clock = new Date(START.getTime() - 24 * HOUR);
    expect((await act(app, p.client, id, "cancel", {})).status).toBe(200);
    const m = await settled(id);
    expect(m).toMatchObject({
      status: "cancelled",
      remainderState: "released",
      kept: PRICE.deposit,
    });
    expect(m.ledger).toEqual([...HELD, `void ${PRICE.remainder}`]);
  });
});

describe("expiry", () => {
  it("an unanswered request expires after 24 hours: full refund, both told", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await getBooking(app, p.client, id)).respondBy).toBe(at(24 * HOUR).toISOString());
    await runTwice(BOOKING_JOBS.expireRequest, id, at(24 * HOUR - 60_000));
    expect((await bookingState(app, id)).status).toBe("pending");
    await runTwice(BOOKING_JOBS.expireRequest, id, at(24 * HOUR));
    const m = await settled(id);
    expect(m).toMatchObject({ status: "expired", remainderState: "released", kept: 0 });
    expect(m.ledger).toEqual([...PAID, `refund ${PRICE.deposit}`]);
    expect(await subjects(p.client.email)).toContain("Your booking request expired");
    expect(await subjects(p.creator.email)).toContain("A booking request expired");
  });

  it("a request 10 hours ahead expires at its start, before 24 hours", async () => {
    // 2030-06-01 18:00 in New York = 22:00Z, ten hours after T0 (the creator takes that notice).
    await scheduleSettings(app, p.creator, { minNoticeMinutes: 60, bufferMinutes: 30 });
    const input = { creatorId: p.creatorId, date: "2030-06-01", startTime: "18:00", hours: 1 };
    const id = await paidBooking(app, p.client, input);
    expect((await getBooking(app, p.client, id)).respondBy).toBe(at(10 * HOUR).toISOString());
    await runTwice(BOOKING_JOBS.expireRequest, id, at(10 * HOUR - 60_000));
    expect((await bookingState(app, id)).status).toBe("pending");
    await runTwice(BOOKING_JOBS.expireRequest, id, at(10 * HOUR));
    const m = await settled(id);
    expect(m).toMatchObject({ status: "expired", kept: 0 });
    expect(m.ledger).toEqual([...PAID, `refund ${PRICE.deposit}`]);
    expect(await subjects(p.client.email)).toContain("Your booking request expired");
    expect(await subjects(p.creator.email)).toContain("A booking request expired");
  });

  it("an unpaid booking expires after 30 minutes, nothing taken, the time free again", async () => {
    const input = { creatorId: p.creatorId, ...SESSION };
    const { booking } = await book(app, p.client, input);
    await runTwice(BOOKING_JOBS.expirePayment, booking.id, at(29 * 60_000));
    expect((await bookingState(app, booking.id)).status).toBe("pending_payment");
    await runTwice(BOOKING_JOBS.expirePayment, booking.id, at(30 * 60_000));
    const m = await settled(booking.id);
    expect(m).toMatchObject({ status: "expired", ledger: [], kept: 0 });
    const other = await bookingParties(app);
    expect((await requestBooking(app, other.client, input)).status).toBe(201);
  });
});

describe("the deposit at the provider", () => {
  it("a declined card sends the client back to choose another; the booking waits, then pays", async () => {
    const { booking, order } = await book(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect(await payInSandbox(app, order, "approve", "decline")).toContain("payment=declined");
    let m = await money(booking.id);
    expect(m).toMatchObject({ status: "pending_payment", ledger: [], kept: 0 });
    expect(m.actions).toContain("pay");
    const again = await act(app, p.client, booking.id, "pay");
    const { order: retry } = (await again.json()) as { order: Order };
    expect(retry.id).toBe(order.id);
    expect(await payInSandbox(app, retry)).toContain("payment=approved");
    m = await money(booking.id);
    expect(m).toMatchObject({ status: "pending", ledger: PAID, kept: PRICE.deposit });
  });

  it("cancelling at the provider changes nothing: the booking still waits for its payment", async () => {
    const { booking, order } = await book(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect(await payInSandbox(app, order, "cancel")).toContain("payment=cancelled");
    const m = await money(booking.id);
    expect(m).toMatchObject({ status: "pending_payment", ledger: [], kept: 0 });
    expect(m.actions).toEqual(expect.arrayContaining(["pay", "cancel"]));
  });
});

describe("the remaining balance", () => {
  it("is approved once its window opens, held, then captured once after the session", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    clock = new Date(OPENS.getTime() - 60_000);
    expect((await act(app, p.client, id, "approve-remainder")).status).toBe(409);
    await runTwice(BOOKING_JOBS.remainderDue, id, OPENS);
    expect(await subjects(p.client.email)).toContain(
      "Please approve the remaining balance for your booking",
    );
    expect(await approveRemainder(app, p.client, id)).toContain("payment=approved");
    expect(await money(id)).toMatchObject({ remainderState: "held", ledger: HELD });
    await runTwice(BOOKING_JOBS.complete, id, CAPTURE);
    const done = await money(id);
    expect(done).toMatchObject({ status: "completed", remainderState: "paid", kept: PRICE.total });
    expect(done.ledger).toEqual([...HELD, `remainder_capture ${PRICE.remainder}`]);
  });

  it("never approved: at the start the booking is cancelled as a late cancellation", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    await runTwice(BOOKING_JOBS.remainderDeadline, id, new Date(START.getTime() - 60_000));
    expect((await bookingState(app, id)).status).toBe("confirmed");
    await runTwice(BOOKING_JOBS.remainderDeadline, id, START);
    const m = await settled(id);
    expect(m).toMatchObject({
      status: "cancelled",
      remainderState: "released",
      kept: PRICE.deposit,
    });
    expect(m.ledger).toEqual(PAID);
    expect(await subjects(p.client.email)).toContain("Your booking was cancelled");
    expect(await subjects(p.creator.email)).toContain("A booking was cancelled");
  });

  it("a declined funding source for the balance: the client chooses another, still in time", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    clock = OPENS;
    expect(await approveRemainder(app, p.client, id, "decline")).toContain("payment=declined");
    expect((await money(id)).remainderState).toBe("awaiting");
    expect(await approveRemainder(app, p.client, id)).toContain("payment=approved");
    expect((await money(id)).remainderState).toBe("held");
  });

  it("a hold that lapsed by the capture is approved again after the session, then captured", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    clock = OPENS;
    expect(await approveRemainder(app, p.client, id, "lapse")).toContain("payment=approved");
    await runTwice(BOOKING_JOBS.complete, id, CAPTURE);
    let m = await money(id);
    expect(m).toMatchObject({ status: "confirmed", remainderState: "awaiting" });
    expect(m.actions).toContain("approve_remainder");
    expect(m.payment.remainderCapturedCents).toBe(0);
    expect(await approveRemainder(app, p.client, id)).toContain("payment=approved");
    await app.deps.jobs.drain();
    m = await money(id);
    expect(m).toMatchObject({ status: "completed", remainderState: "paid", kept: PRICE.total });
    await runTwice(BOOKING_JOBS.complete, id, CAPTURE);
    expect((await money(id)).kept).toBe(PRICE.total);
  });
});
