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
} from "../../test/bookings.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { SETTLE_BOOKING_JOB } from "../payments/settle.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// Races and late arrivals: the return URL twice at once, two parties acting at once, a balance
// approved after the booking ended. Money moves once and never outlives the booking.

const T0 = new Date("2030-06-01T12:00:00Z");
let clock = T0;
let app: TestApp;
let p: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(async () => {
  clock = T0;
  p = await bookingParties(app);
});

const SESSION = { date: "2030-06-20", startTime: "10:00", hours: 1 };
const OPENS = new Date("2030-06-18T16:00:00Z");
const CAPTURE = new Date("2030-06-21T15:00:00Z");

/** A confirmed booking whose balance is held (approved once its window opened). */
async function heldBooking() {
  const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
  expect((await act(app, p.creator, id, "accept")).status).toBe(200);
  clock = OPENS;
  expect(await approveRemainder(app, p.client, id)).toContain("payment=approved");
  return id;
}
type Order = Parameters<typeof payInSandbox>[1];

/** Approves at the sandbox checkout; answers our return URL, not yet visited. */
async function approveAtCheckout(order: Order) {
  const href = order.links.find((l) => l.rel === "approve")?.href ?? "";
  const checkout = await fetch(href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    body: new URLSearchParams({ action: "approve", outcome: "approve" }).toString(),
    redirect: "manual",
  });
  expect(checkout.status).toBe(303);
  return checkout.headers.get("location") ?? "";
}

const ledgerOf = async (id: string) =>
  (await getBooking(app, p.client, id)).ledger.map((l) => `${l.kind} ${l.amountCents}`);

describe("races", () => {
  it("the return URL twice at once completes the payment once", async () => {
    const { booking, order } = await book(app, p.client, { creatorId: p.creatorId, ...SESSION });
    const back = await approveAtCheckout(order);
    const landings = await Promise.all([
      fetch(back, { redirect: "manual" }),
      fetch(back, { redirect: "manual" }),
    ]);
    for (const l of landings)
      expect(l.headers.get("location")).toContain(`/bookings/${booking.id}`);
    await app.deps.jobs.drain();
    expect(await bookingState(app, booking.id)).toMatchObject({ status: "pending", events: 2 });
    expect(await ledgerOf(booking.id)).toEqual(["deposit_capture 4500"]);
    const toCreator = await listOutbox(app.database.db, 20, p.creator.email);
    expect(toCreator.filter((m) => m.subject === "New booking request")).toHaveLength(1);
  });

  it.each([
    ["creator", "accept", "creator", "decline"],
    ["creator", "decline", "client", "cancel"],
  ] as const)(
    "%s %s and %s %s at once: exactly one wins, money follows it",
    async (r1, a1, r2, a2) => {
      const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
      const answers = await Promise.all([act(app, p[r1], id, a1, {}), act(app, p[r2], id, a2, {})]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      await app.deps.jobs.drain();
      const b = await getBooking(app, p.client, id);
      const won = answers[0]!.status === 200 ? a1 : a2;
      const to = { accept: "confirmed", decline: "declined", cancel: "cancelled" }[won];
      expect(b.status).toBe(to);
      expect(b.timeline).toHaveLength(3);
      expect(b.payment.refundedCents).toBe(won === "accept" ? 0 : 4500);
    },
  );

  it("two settlements at once refund once", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "decline")).status).toBe(200);
    const settlement = { bookingId: id, depositRefundCents: 4500, refundRemainder: true };
    const settle = () => app.deps.jobs.run(SETTLE_BOOKING_JOB, settlement, clock);
    await Promise.all([settle(), settle(), app.deps.jobs.drain()]);
    expect(await ledgerOf(id)).toEqual(["deposit_capture 4500", "refund 4500"]);
  });
});

describe("a balance approval and the end of the booking", () => {
  it("cancelled while the client has the balance's page open: a late approval holds nothing", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    clock = OPENS;
    const opened = await act(app, p.client, id, "approve-remainder");
    expect(opened.status).toBe(200);
    const { order } = (await opened.json()) as { order: Order };
    expect((await act(app, p.creator, id, "cancel", {})).status).toBe(200);
    await app.deps.jobs.drain();
    // The client approves the balance's page anyway.
    expect(await payInSandbox(app, order)).toContain("payment=cancelled");
    await app.deps.jobs.drain();
    const b = await getBooking(app, p.client, id);
    expect(b).toMatchObject({ status: "cancelled", remainderState: "released" });
    expect(b.payment.holdCents).toBe(0);
    expect(b.payment.refundedCents).toBe(4500);
    expect(b.ledger.map((l) => l.kind)).toEqual(["deposit_capture", "refund"]);
  });
});

describe("late and stuck", () => {
  it("approved at the provider after the booking expired: nothing is taken", async () => {
    const { booking, order } = await book(app, p.client, { creatorId: p.creatorId, ...SESSION });
    clock = new Date(T0.getTime() + 31 * 60_000);
    await app.deps.jobs.run(BOOKING_JOBS.expirePayment, { bookingId: booking.id }, clock);
    expect(await payInSandbox(app, order)).toContain("payment=cancelled");
    await app.deps.jobs.drain();
    const b = await getBooking(app, p.client, booking.id);
    expect(b.status).toBe("expired");
    expect(b.ledger).toEqual([]);
  });

  it("a reported problem stops the capture of the remainder", async () => {
    const id = await heldBooking();
    clock = new Date("2030-06-20T15:30:00Z");
    const report = await act(app, p.client, id, "report-problem", { description: "No show" });
    expect(report.status).toBe(200);
    clock = CAPTURE;
    await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, clock);
    await app.deps.jobs.drain();
    const b = await getBooking(app, p.client, id);
    expect(b).toMatchObject({ status: "confirmed", actions: [] });
    expect(b.payment.remainderCapturedCents).toBe(0);
  });

  it("once the session started the client cannot cancel it (and so void the hold)", async () => {
    const id = await heldBooking();
    clock = new Date("2030-06-20T14:00:00Z");
    expect((await act(app, p.client, id, "cancel", {})).status).toBe(409);
    expect((await getBooking(app, p.client, id)).actions).toEqual(["report_problem"]);
    clock = CAPTURE;
    await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, clock);
    const b = await getBooking(app, p.client, id);
    expect(b.status).toBe("completed");
    expect(b.payment.remainderCapturedCents).toBe(11250);
  });

  it("once the session ended nobody cancels it, so no cancel races the capture of the remainder", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    clock = new Date("2030-06-20T14:30:00Z");
    expect((await getBooking(app, p.creator, id)).actions).toContain("cancel");
    clock = new Date("2030-06-20T15:00:00Z");
    expect((await act(app, p.creator, id, "cancel", {})).status).toBe(409);
    expect((await getBooking(app, p.creator, id)).actions).toEqual([]);
    expect((await getBooking(app, p.client, id)).status).toBe("confirmed");
  });

  it.each([
    [48 * 60, 2250],
    [48 * 60 - 1, 0],
  ])("a client cancelling %i minutes before the start is refunded %i", async (minutes, refund) => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    clock = new Date(new Date("2030-06-20T14:00:00Z").getTime() - minutes * 60_000);
    expect((await act(app, p.client, id, "cancel", {})).status).toBe(200);
    await app.deps.jobs.drain();
    expect((await getBooking(app, p.client, id)).payment.refundedCents).toBe(refund);
  });
});
