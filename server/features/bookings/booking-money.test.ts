import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listOutbox } from "../../platform/mail.ts";
import {
  act,
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
// 2030-06-20 10:00 in New York = 14:00Z, one hour; the remainder is captured 24 h after its end.
const SESSION = { date: "2030-06-20", startTime: "10:00", hours: 1 };
type Order = Parameters<typeof payInSandbox>[1];
const START = new Date("2030-06-20T14:00:00Z");
const CAPTURE = new Date("2030-06-21T15:00:00Z");

/** The client's view of the money, checked for integer cents that add up. */
async function money(id: string) {
  const b = await getBooking(app, p.client, id);
  for (const l of b.ledger) expect(Number.isInteger(l.amountCents)).toBe(true);
  const { depositPaidCents, remainderCapturedCents, refundedCents } = b.payment;
  expect(depositPaidCents + remainderCapturedCents).toBeLessThanOrEqual(b.totalCents);
  expect(refundedCents).toBeLessThanOrEqual(depositPaidCents);
  return {
    status: b.status,
    holdState: b.holdState,
    ledger: b.ledger.map((l) => `${l.kind} ${l.amountCents}`),
    kept: depositPaidCents + remainderCapturedCents - refundedCents,
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
  await app.deps.jobs.run(BOOKING_JOBS.settle, { bookingId: id }, clock);
  expect(await bookingState(app, id)).toEqual(once);
  return money(id);
}

const subjects = async (email: string) => {
  await app.deps.jobs.drain();
  return (await listOutbox(app.database.db, 50, email)).map((m) => m.subject);
};

const PAID = [`authorization ${PRICE.total}`, `deposit_capture ${PRICE.deposit}`];
const VOIDED = [...PAID, `void ${PRICE.remainder}`];

describe("refunds", () => {
  it("decline: the hold is voided and the deposit refunded in full", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "decline")).status).toBe(200);
    const m = await settled(id);
    expect(m).toMatchObject({ status: "declined", holdState: "voided", kept: 0 });
    expect(m.ledger).toEqual([...VOIDED, `refund ${PRICE.deposit}`]);
    expect(m.payment).toMatchObject({ refundedCents: PRICE.deposit, holdCents: 0 });
  });

  it("the client cancels a pending request: void and full refund", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.client, id, "cancel", {})).status).toBe(200);
    const m = await settled(id);
    expect(m).toMatchObject({ status: "cancelled", holdState: "voided", kept: 0 });
    expect(m.ledger).toEqual([...VOIDED, `refund ${PRICE.deposit}`]);
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
      expect(m).toMatchObject({ status: "cancelled", holdState: "voided" });
      expect(m.ledger).toEqual(refund > 0 ? [...VOIDED, `refund ${refund}`] : VOIDED);
      expect(m.kept).toBe(PRICE.deposit - refund);
    },
  );
});

describe("expiry", () => {
  it("an unanswered request expires after 24 hours: void, full refund, both told", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await getBooking(app, p.client, id)).respondBy).toBe(at(24 * HOUR).toISOString());
    await runTwice(BOOKING_JOBS.expireRequest, id, at(24 * HOUR - 60_000));
    expect((await bookingState(app, id)).status).toBe("pending");
    await runTwice(BOOKING_JOBS.expireRequest, id, at(24 * HOUR));
    const m = await settled(id);
    expect(m).toMatchObject({ status: "expired", holdState: "voided", kept: 0 });
    expect(m.ledger).toEqual([...VOIDED, `refund ${PRICE.deposit}`]);
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
    expect(m.ledger).toEqual([...VOIDED, `refund ${PRICE.deposit}`]);
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

describe("the sandbox's refusals", () => {
  it("a declined card cancels the booking and takes nothing", async () => {
    const { booking, order } = await book(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect(await payInSandbox(app, order, "approve", "decline")).toContain("payment=failed");
    const m = await settled(booking.id);
    expect(m.status).toBe("cancelled");
    expect(m.kept).toBe(0);
    expect(m.ledger.filter((l) => l.startsWith("deposit_capture"))).toEqual([]);
  });

  it("cancelling at the provider cancels the booking", async () => {
    const { booking, order } = await book(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect(await payInSandbox(app, order, "cancel")).toContain("payment=cancelled");
    const m = await settled(booking.id);
    expect(m).toMatchObject({ status: "cancelled", ledger: [], kept: 0 });
  });
});

describe("keeping the hold until the capture", () => {
  it("a lapsed hold is renewed by the client, then the remainder is captured", async () => {
    const { booking, order } = await book(app, p.client, { creatorId: p.creatorId, ...SESSION });
    const id = booking.id;
    expect(await payInSandbox(app, order, "approve", "lapse")).toContain("payment=approved");
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    await runTwice(BOOKING_JOBS.complete, id, CAPTURE);
    let m = await money(id);
    expect(m).toMatchObject({ status: "confirmed", holdState: "renewal_needed" });
    expect(m.actions).toContain("renew_hold");
    expect(m.payment.remainderCapturedCents).toBe(0);
    const mail = (await listOutbox(app.database.db, 50, p.client.email)).find((x) =>
      x.subject.startsWith("Please approve the hold"),
    );
    expect(mail?.text).toContain(`/bookings/${id}`);

    const renew = await act(app, p.client, id, "renew-hold");
    expect(renew.status).toBe(200);
    const renewal = (await renew.json()) as { order: Order };
    await payInSandbox(app, renewal.order);
    await app.deps.jobs.drain();
    m = await money(id);
    expect(m).toMatchObject({ status: "completed", holdState: "captured", kept: PRICE.total });
    expect(m.payment.remainderCapturedCents).toBe(PRICE.remainder);
    await runTwice(BOOKING_JOBS.complete, id, CAPTURE);
    expect((await money(id)).kept).toBe(PRICE.total);
  });

  it("a booking 10 days ahead: the hold is reauthorized, then captured", async () => {
    const input = { creatorId: p.creatorId, date: "2030-06-11", startTime: "10:00", hours: 1 };
    const id = await paidBooking(app, p.client, input);
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    const capture = new Date("2030-06-12T15:00:00Z");
    const check = await scheduledAt(BOOKING_JOBS.keepHold, id);
    expect(check).toEqual(new Date(capture.getTime() - 2 * DAY));
    await runTwice(BOOKING_JOBS.keepHold, id, check!);
    let m = await money(id);
    expect(m.ledger).toEqual([...PAID, `reauthorization ${PRICE.remainder}`]);
    expect(m.payment.holdHonoredUntil).toBe(new Date(check!.getTime() + 3 * DAY).toISOString());
    await runTwice(BOOKING_JOBS.complete, id, capture);
    m = await money(id);
    expect(m).toMatchObject({ status: "completed", kept: PRICE.total });
    expect(m.ledger.at(-1)).toBe(`remainder_capture ${PRICE.remainder}`);
  });

  it("a booking 40 days ahead: the client is asked to approve a new hold", async () => {
    const input = { creatorId: p.creatorId, date: "2030-07-11", startTime: "10:00", hours: 1 };
    const id = await paidBooking(app, p.client, input);
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    const check = await scheduledAt(BOOKING_JOBS.keepHold, id);
    expect(check).not.toBeNull();
    await runTwice(BOOKING_JOBS.keepHold, id, check!);
    const m = await money(id);
    expect(m).toMatchObject({ status: "confirmed", holdState: "renewal_needed" });
    expect(m.ledger).toEqual(PAID);
    expect(await subjects(p.client.email)).toContain(
      "Please approve the hold for your booking again",
    );
    // Approved 10 days before the capture, the new hold is valid past it; it is reauthorized
    // two days before, and the remainder captured.
    const renew = await act(app, p.client, id, "renew-hold");
    expect(renew.status).toBe(200);
    await payInSandbox(app, ((await renew.json()) as { order: Order }).order);
    expect((await money(id)).holdState).toBe("active");
    const capture = new Date("2030-07-12T15:00:00Z");
    const recheck = await scheduledAt(BOOKING_JOBS.keepHold, id);
    expect(recheck).toEqual(new Date(capture.getTime() - 2 * DAY));
    await runTwice(BOOKING_JOBS.keepHold, id, recheck!);
    await runTwice(BOOKING_JOBS.complete, id, capture);
    const done = await money(id);
    expect(done).toMatchObject({ status: "completed", holdState: "captured", kept: PRICE.total });
    // The first hold had expired by then: there was nothing left to void.
    expect(done.ledger.slice(2)).toEqual([
      `authorization ${PRICE.remainder}`,
      `reauthorization ${PRICE.remainder}`,
      `remainder_capture ${PRICE.remainder}`,
    ]);
  });
});

/** When the queued job for this booking is due (the latest one queued). */
async function scheduledAt(name: string, bookingId: string): Promise<Date | null> {
  const { rows } = await app.database.pool.query<{ start_after: Date }>(
    `select start_after from pgboss.job where name = $1 and data->>'bookingId' = $2
      and state = 'created' order by created_on desc limit 1`,
    [name, bookingId],
  );
  return rows[0] ? new Date(rows[0].start_after) : null;
}
