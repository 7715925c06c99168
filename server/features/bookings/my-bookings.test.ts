import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingCard, BookingList } from "../../../contracts/bookings.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import {
  act,
  approveRemainder,
  bookingParties,
  getBooking,
  type Party,
  paidBooking,
} from "../../test/bookings.ts";
import { acceptDelivery, setPayoutMethod } from "../../test/payouts.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { PAYOUT_JOBS } from "../payouts/jobs.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// My Bookings over real HTTP (issue 23): the client's Upcoming holds only bookings that can
// still take place; a creator finds their ended sessions with how the photos, the payout and
// the review stand; a creator sees what they earn after their tier's commission.

const T0 = new Date("2030-06-01T12:00:00Z");
const HOUR = 3_600_000;
let clock = T0;
let app: TestApp;
let p: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(async () => {
  clock = T0;
  p = await bookingParties(app, 10_000);
});

async function list(party: Party) {
  const response = await app.fetch("/api/bookings", { headers: { cookie: party.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as BookingList;
}

const ids = (cards: BookingCard[]) => cards.map((c) => c.id);

async function run(job: string, data: object, when: Date) {
  clock = when;
  await app.deps.jobs.run(job, data, when);
  await app.deps.jobs.drain();
}

async function setTier(profileId: string, tier: string) {
  await sql`insert into creator_tiers (creator_profile_id, tier, computed_on, updated_at)
    values (${profileId}, ${tier}, ${T0}::date, ${T0})
    on conflict (creator_profile_id) do update set tier = excluded.tier`.execute(app.database.db);
}

/** $100 × 3 h on 2030-06-20 at 10:00 (creator's zone), paid: awaiting the creator. */
const session = (date = "2030-06-20") =>
  paidBooking(app, p.client, { creatorId: p.creatorId, date, startTime: "10:00", hours: 3 });

describe("the client's tabs", () => {
  it("keep declined and cancelled bookings (and expired ones alike) out of Upcoming", async () => {
    const live = await session("2030-06-20");
    const declined = await session("2030-06-21");
    const cancelled = await session("2030-06-22");
    expect((await act(app, p.creator, declined, "decline")).status).toBe(200);
    expect((await act(app, p.client, cancelled, "cancel")).status).toBe(200);
    const mine = await list(p.client);
    expect(ids(mine.upcoming)).toEqual([live]);
    expect(ids(mine.past).sort()).toEqual([declined, cancelled].sort());
  });
});

describe("what a creator earns", () => {
  it("is the subtotal less their tier's commission: today's tier before confirmation, the fixed one after", async () => {
    await setTier(p.creatorId, "pro");
    const id = await session();
    // $300 subtotal at Pro (15 %): $255.00 — the client's total ($315.00) is theirs, not this.
    const [request] = (await list(p.creator)).requests;
    expect(request).toMatchObject({
      id,
      totalCents: 31_500,
      creatorEarnings: { netCents: 25_500, commissionPercent: 15 },
    });
    // The client sees no such figure.
    expect((await list(p.client)).upcoming[0]?.creatorEarnings).toBeNull();
    expect((await getBooking(app, p.client, id)).creatorEarnings).toBeNull();

    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    await setTier(p.creatorId, "elite");
    // Confirmed at Pro: stays at Pro; a new request is at today's tier, Elite (10 %).
    expect((await getBooking(app, p.creator, id)).creatorEarnings).toEqual({
      netCents: 25_500,
      commissionPercent: 15,
    });
    const next = await session("2030-06-24");
    const detail = await getBooking(app, p.creator, next);
    expect(detail.creatorEarnings).toEqual({ netCents: 27_000, commissionPercent: 10 });
  });
});

describe("a creator's ended sessions", () => {
  it("are listed with the photos, the payout and the viewer's review as they stand", async () => {
    await setPayoutMethod(app, p.creatorId, {
      payment_method: "paypal",
      payout_email: "me@pay.test",
    });
    const id = await session();
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    // The client approves the balance once its window opens (47 h before the session's end).
    clock = new Date("2030-06-18T18:00:00Z");
    await approveRemainder(app, p.client, id);
    const before = await list(p.creator);
    expect(ids(before.schedule)).toEqual([id]);
    expect(before.sessions).toEqual([]);
    expect(before.schedule[0]?.afterSession).toBeNull();

    // The session has ended (not yet completed): awaiting delivery.
    clock = new Date("2030-06-20T23:00:00Z");
    const ended = await list(p.creator);
    expect(ended.schedule).toEqual([]);
    expect(ids(ended.sessions)).toEqual([id]);
    expect(ended.sessions[0]?.afterSession).toEqual({
      delivery: "none",
      paidOut: false,
      reviewed: false,
    });

    // Completed, photos accepted, paid 24 hours later.
    await run(BOOKING_JOBS.complete, { bookingId: id }, new Date("2030-06-22T17:00:00Z"));
    const accepted = new Date("2030-06-23T10:00:00Z");
    await acceptDelivery(app, id, accepted);
    expect((await list(p.creator)).sessions[0]?.afterSession?.delivery).toBe("accepted");
    await run(PAYOUT_JOBS.run, {}, new Date(accepted.getTime() + 24 * HOUR));
    await run(PAYOUT_JOBS.run, {}, new Date(accepted.getTime() + 25 * HOUR));
    const paid = await list(p.creator);
    expect(paid.sessions[0]).toMatchObject({
      id,
      status: "completed",
      afterSession: { delivery: "accepted", paidOut: true, reviewed: false },
    });
    expect((await getBooking(app, p.creator, id)).afterSession?.paidOut).toBe(true);

    // The client reviews: their card says so; the creator has not reviewed yet.
    const review = await app.fetch(
      `/api/bookings/${id}/reviews`,
      jsonRequest("POST", { rating: 5, comment: "Lovely photos" }, p.client.cookie),
    );
    expect(review.status).toBe(201);
    expect((await list(p.client)).past[0]?.afterSession?.reviewed).toBe(true);
    expect((await list(p.creator)).sessions[0]?.afterSession?.reviewed).toBe(false);

    // Nobody else sees any of it.
    const stranger = await createVerifiedUser(app);
    const theirs = await list({ ...stranger });
    expect([...theirs.upcoming, ...theirs.past, ...theirs.sessions]).toEqual([]);
    const response = await app.fetch(`/api/bookings/${id}`, {
      headers: { cookie: stranger.cookie },
    });
    expect(response.status).toBe(404);
  });
});
