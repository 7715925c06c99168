import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingList } from "../../../contracts/bookings.ts";
import {
  act,
  approveRemainder,
  book,
  bookingParties,
  getBooking,
  type Party,
  payInSandbox,
} from "../../test/bookings.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// The whole lifecycle over real HTTP with the sandbox provider and a controllable clock:
// book → pay the deposit → accept → approve the balance in the days before (held) → session →
// balance captured.

// Far from the real date: queued jobs due in real time would otherwise run against this clock.
const START = new Date("2030-11-23T12:00:00Z");
let clock = START;
let app: TestApp;
let parties: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(async () => {
  clock = START;
  parties = await bookingParties(app);
});

const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(START.getTime() + ms);

describe("the happy path", () => {
  it("books, pays the deposit, is accepted, holds the balance before the session and completes with it captured", async () => {
    const { creatorId, client, creator } = parties;
    const created = await book(app, client, {
      creatorId,
      date: "2030-11-26",
      startTime: "10:00",
      hours: 3,
    });
    expect(created.booking).toMatchObject({
      status: "pending_payment",
      subtotalCents: 45_000,
      feeCents: 2_250,
      totalCents: 47_250,
      depositCents: 13_500,
      remainderCents: 33_750,
      timeZone: "America/New_York",
      startTime: "2030-11-26T15:00:00.000Z",
      endTime: "2030-11-26T18:00:00.000Z",
    });
    expect(created.order.links.find((l) => l.rel === "approve")?.href).toContain(
      "/sandbox/checkout/",
    );

    const landing = await payInSandbox(app, created.order);
    expect(landing).toBe(`/bookings/${created.booking.id}?payment=approved`);
    const paid = await getBooking(app, client, created.booking.id);
    expect(paid.status).toBe("pending");
    expect(paid.payment).toMatchObject({
      depositPaidCents: 13_500,
      holdCents: 0,
      refundedCents: 0,
    });
    expect(paid.ledger.map((l) => [l.kind, l.amountCents])).toEqual([["deposit_capture", 13_500]]);
    // The balance is approved from 47 hours before the session's end until its start.
    expect(paid.remainderState).toBe("awaiting");
    expect(paid.remainder).toEqual({
      opensAt: "2030-11-24T19:00:00.000Z",
      dueBy: "2030-11-26T15:00:00.000Z",
      mode: "hold",
    });
    expect(paid.respondBy).toBe(at(24 * HOUR).toISOString());
    expect(paid.actions).toEqual(["cancel"]);

    const lists = async (party: Party) => {
      const response = await app.fetch("/api/bookings", { headers: { cookie: party.cookie } });
      expect(response.status).toBe(200);
      return (await response.json()) as BookingList;
    };
    expect((await lists(client)).upcoming.map((b) => b.id)).toEqual([created.booking.id]);
    expect((await lists(creator)).requests.map((b) => [b.id, b.viewerRole])).toEqual([
      [created.booking.id, "creator"],
    ]);

    const asCreator = await getBooking(app, creator, created.booking.id);
    expect(asCreator.viewerRole).toBe("creator");
    expect(asCreator.actions).toEqual(["accept", "decline"]);
    const accepted = await act(app, creator, created.booking.id, "accept");
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { booking: { status: string } }).booking.status).toBe(
      "confirmed",
    );

    expect((await act(app, client, created.booking.id, "approve-remainder")).status).toBe(409);
    clock = new Date("2030-11-24T19:00:00Z");
    expect((await getBooking(app, client, created.booking.id)).actions).toContain(
      "approve_remainder",
    );
    expect(await approveRemainder(app, client, created.booking.id)).toBe(
      `/bookings/${created.booking.id}?payment=approved`,
    );
    const held = await getBooking(app, client, created.booking.id);
    expect(held.remainderState).toBe("held");
    expect(held.payment.holdCents).toBe(33_750);
    expect(held.actions).not.toContain("approve_remainder");

    // The session ends 2030-11-26 18:00Z; the balance is captured 24 h later.
    await app.deps.jobs.run(
      BOOKING_JOBS.complete,
      { bookingId: created.booking.id },
      new Date("2030-11-27T17:59:00Z"),
    );
    expect((await getBooking(app, client, created.booking.id)).status).toBe("confirmed");
    clock = new Date("2030-11-27T18:00:00Z");
    await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: created.booking.id }, clock);
    const done = await getBooking(app, client, created.booking.id);
    expect(done.status).toBe("completed");
    expect(done.payment).toMatchObject({
      depositPaidCents: 13_500,
      remainderCapturedCents: 33_750,
      holdCents: 0,
    });
    expect(done.remainderState).toBe("paid");
    expect(done.ledger.map((l) => [l.kind, l.amountCents])).toEqual([
      ["deposit_capture", 13_500],
      ["authorization", 33_750],
      ["remainder_capture", 33_750],
    ]);
    expect(done.timeline.map((e) => e.toStatus)).toEqual([
      "pending_payment",
      "pending",
      "confirmed",
      "confirmed",
      "completed",
    ]);
    expect(done.timeline.map((e) => e.actor)).toEqual([
      "client",
      "system",
      "creator",
      "system",
      "system",
    ]);
  });
});
