import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingList } from "../../../contracts/bookings.ts";
import {
  act,
  book,
  bookingParties,
  getBooking,
  type Party,
  payInSandbox,
} from "../../test/bookings.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// The whole lifecycle over real HTTP with the sandbox provider and a controllable clock:
// book → pay (deposit captured, remainder held) → accept → session → remainder captured.

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
  it("books, pays the deposit, holds the rest, is accepted and completes with the remainder captured", async () => {
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
      holdCents: 33_750,
      refundedCents: 0,
    });
    expect(paid.ledger.map((l) => [l.kind, l.amountCents])).toEqual([
      ["authorization", 47_250],
      ["deposit_capture", 13_500],
    ]);
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

    // The session ends 2030-11-26 18:00Z; the remainder is captured 24 h later.
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
    expect(done.timeline.map((e) => e.toStatus)).toEqual([
      "pending_payment",
      "pending",
      "confirmed",
      "completed",
    ]);
    expect(done.timeline.map((e) => e.actor)).toEqual(["client", "system", "creator", "system"]);
  });
});
