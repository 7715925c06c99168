import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coarseCoordinate } from "../../../contracts/availability.ts";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import { HAIL, PRESENCE } from "../../../contracts/constants.ts";
import {
  HAIL_ADDRESS_NOT_FOUND_MESSAGE,
  HAIL_ALREADY_OPEN_MESSAGE,
  HAIL_NO_LOCATION_MESSAGE,
  HAIL_NOBODY_ONLINE_MESSAGE,
  HAIL_TAKEN_MESSAGE,
  type Hail,
  type HailOffer,
  type HailQuote,
} from "../../../contracts/hail.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { createBooking } from "../../db/factories.ts";
import { EARTH_RADIUS_METERS, geocodePlace, METERS_PER_MILE } from "../../platform/geo.ts";
import {
  bookingState,
  freshKey,
  getBooking,
  type Party,
  payInSandbox,
} from "../../test/bookings.ts";
import {
  eventsOf,
  hail,
  hailClient,
  lastEventId,
  northOf,
  type OnlineCreator,
  offerAction,
  onlineCreator,
  readHail,
  requestHail,
} from "../../test/hail.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { BOOKING_JOBS } from "../bookings/job-names.ts";
import { captureAt } from "../bookings/remainder-window.ts";
import { paymentProvider } from "../payments/provider-of.ts";
import { HAIL_JOBS } from "./job-names.ts";
import { HAIL_OVERLAP_MESSAGE } from "./offers.ts";

// Hail over real HTTP with the sandbox provider and a controllable clock: quote, send, pay,
// live offers to exactly the matching creators, first accept wins, expiry, cancellation.

// Far from the real date: queued jobs due in real time would otherwise run against this clock.
const START = new Date("2030-11-23T15:00:00Z");
let clock = START;
let app: TestApp;
let region = 0;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(() => {
  clock = START;
});

/** A fresh spot per test, far from every other test's creators. */
const nextPoint = () => {
  region += 1;
  return { lat: 26 + region * 1.5, lng: -100 + region * 0.5 };
};
const later = (ms: number) => new Date(START.getTime() + ms);

async function quote(
  client: Party,
  point: { lat: number; lng: number },
  extra = "",
  place?: string,
) {
  const where = place ? `place=${encodeURIComponent(place)}` : `lat=${point.lat}&lng=${point.lng}`;
  const response = await app.fetch(
    `/api/hails/quote?service=Photography&hours=2&${where}${extra}`,
    { headers: { cookie: client.cookie } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as HailQuote;
}

/** Two online photographers near a fresh point (1 and 3 miles), $100/h and $200/h. */
async function scene() {
  const point = nextPoint();
  const near = await onlineCreator(app, {
    base: northOf(point, 1),
    seenAt: clock,
    rateCents: 10_000,
    name: "Near One",
  });
  const far = await onlineCreator(app, {
    base: northOf(point, 3),
    seenAt: clock,
    rateCents: 20_000,
    name: "Far One",
  });
  const client = await hailClient(app);
  return { point, near, far, client };
}

/** A hail paid in the sandbox: live to the scene's creators. */
async function liveHail(s: Awaited<ReturnType<typeof scene>>) {
  const created = await hail(app, s.client, { ...s.point });
  const landing = await payInSandbox(app, created.order);
  expect(landing).toBe(`/hail?hail=${created.hail.id}&payment=approved`);
  return created;
}

async function offersOf(creator: Party) {
  const response = await app.fetch("/api/hail-offers", { headers: { cookie: creator.cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { offers: HailOffer[] }).offers;
}

async function offerStatus(hailId: string, creator: OnlineCreator) {
  const row = await app.database.db
    .selectFrom("hail_offers")
    .select("status")
    .where("hail_id", "=", hailId)
    .where("profile_id", "=", creator.profileId)
    .executeTakeFirst();
  return row?.status;
}

async function authorizationStatus(hailId: string) {
  const row = await app.database.db
    .selectFrom("hails")
    .select(["paypal_order_id"])
    .where("id", "=", hailId)
    .executeTakeFirstOrThrow();
  const order = await paymentProvider(app.deps).getOrder(row.paypal_order_id!);
  return order.authorizations.at(-1)?.status;
}

describe("the quote", () => {
  it("counts online creators of the service whose area covers the point, inside the radius", async () => {
    const point = nextPoint();
    const seen = clock;
    const stale = new Date(clock.getTime() - 2 * 60_000);
    const rates: number[] = [];
    const add = async (o: Parameters<typeof onlineCreator>[1], counted: boolean) => {
      await onlineCreator(app, o);
      if (counted) rates.push(o.rateCents ?? 15_000);
    };
    await add({ base: northOf(point, 1), seenAt: seen, rateCents: 10_000 }, true);
    // Videographer listing Photography among their specialties: offers it.
    await add(
      {
        base: northOf(point, 2),
        seenAt: seen,
        type: "videographer",
        specialties: ["Photography"],
        rateCents: 30_000,
      },
      true,
    );
    // A videographer only; a stale heartbeat; switched off.
    await add({ base: northOf(point, 1), seenAt: seen, type: "videographer" }, false);
    await add({ base: northOf(point, 1), seenAt: stale }, false);
    await add({ base: northOf(point, 1), seenAt: seen, available: false }, false);
    // Live 15 miles away: outside 10 miles, inside 25.
    await add({ base: northOf(point, 15), seenAt: seen }, false);
    // Standing nearby, but based 80 miles away with a 25-mile area: not covered.
    await add({ base: northOf(point, 80), live: northOf(point, 2), seenAt: seen }, false);

    const client = await hailClient(app);
    const q = await quote(client, point);
    expect(q).toEqual({
      creatorsAvailable: 2,
      minTotalCents: priceBooking(10_000, 2).totalCents,
      maxTotalCents: priceBooking(30_000, 2).totalCents,
      minDepositCents: priceBooking(10_000, 2).depositCents,
      maxDepositCents: priceBooking(30_000, 2).depositCents,
      currency: "USD",
      radiusMiles: 10,
      place: null,
    });
    expect((await quote(client, point, "&radiusMiles=25")).creatorsAvailable).toBe(3);
    // 91 seconds later every heartbeat is stale.
    clock = later(91_000);
    expect((await quote(client, point)).creatorsAvailable).toBe(0);
  });

  it("counts a creator seeded available now without a heartbeat row, as the map shows them", async () => {
    const point = nextPoint();
    await onlineCreator(app, { base: northOf(point, 1), seenAt: null });
    const client = await hailClient(app);
    expect((await quote(client, point)).creatorsAvailable).toBe(1);
    // Long after: the sweep leaves such a creator on, and so does the quote.
    clock = later(10 * 60_000);
    expect((await quote(client, point)).creatorsAvailable).toBe(1);
  });

  it("leaves out a creator already booked over the session", async () => {
    const s = await scene();
    await createBooking(app.database.db, {
      creatorProfileId: s.far.profileId,
      startTime: later(30 * 60_000),
      hours: 2,
      status: "confirmed",
    });
    expect((await quote(s.client, s.point)).creatorsAvailable).toBe(1);
  });
});

describe("the quote tells no more than the map", () => {
  const degreesPerMeter = 180 / (Math.PI * EARTH_RADIUS_METERS);
  const cellOf = (v: number) => Math.floor(v / PRESENCE.gridDegrees) * PRESENCE.gridDegrees;

  it("locates nobody more finely than the map's grid cell, however the points are chosen", async () => {
    const region = nextPoint();
    // Where the creator really stands: near a corner of their grid cell, ~230 m from its centre,
    // which is all the map shows of them.
    const secret = { lat: cellOf(region.lat) + 0.0004, lng: cellOf(region.lng) + 0.0004 };
    const shown = { lat: coarseCoordinate(secret.lat), lng: coarseCoordinate(secret.lng) };
    await onlineCreator(app, { base: region, live: secret, seenAt: clock });
    const client = await hailClient(app);
    const reaches = async (lat: number) =>
      (await quote(client, { lat, lng: shown.lng })).creatorsAvailable === 1;

    // The attack: bisect, due south of the map's cell, where the 10-mile radius stops reaching
    // the creator; the creator stands 10 miles north of that edge (24 quotes: millimetres).
    const radius = 10 * METERS_PER_MILE * degreesPerMeter;
    let outside = shown.lat - 1.2 * radius;
    let inside = shown.lat - 0.8 * radius;
    expect(await reaches(inside)).toBe(true);
    expect(await reaches(outside)).toBe(false);
    for (let i = 0; i < 24; i++) {
      const mid = (outside + inside) / 2;
      if (await reaches(mid)) inside = mid;
      else outside = mid;
    }
    const found = inside + radius;
    const metersOff = (lat: number) => Math.abs(found - lat) / degreesPerMeter;
    // It finds the cell's centre the map already shows, never the creator (about 230 m away).
    expect(metersOff(shown.lat)).toBeLessThan(5);
    expect(metersOff(secret.lat)).toBeGreaterThan(150);
  });

  it("prices a typed ZIP or City, ST, and says when it cannot find the place", async () => {
    const place = geocodePlace("Tallahassee, FL")!;
    await onlineCreator(app, { base: northOf(place, 1), seenAt: clock, rateCents: 10_000 });
    const client = await hailClient(app);
    const byCity = await quote(client, { lat: Number.NaN, lng: Number.NaN }, "", "Tallahassee, FL");
    expect(byCity).toMatchObject({
      creatorsAvailable: 1,
      minTotalCents: priceBooking(10_000, 2).totalCents,
      place: { label: "Tallahassee, FL" },
    });
    expect(byCity.place?.lat).toBeCloseTo(place.lat, 6);
    const byZip = await quote(client, { lat: Number.NaN, lng: Number.NaN }, "", "32301");
    expect(byZip).toMatchObject({ creatorsAvailable: 1, place: { label: "Tallahassee, FL" } });

    for (const query of ["place=Atlantis%2C%20XX", ""]) {
      const response = await app.fetch(`/api/hails/quote?service=Photography&hours=2&${query}`, {
        headers: { cookie: client.cookie },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(HAIL_ADDRESS_NOT_FOUND_MESSAGE);
    }
  });

  it("leaves out creators whose minimum notice the start does not leave", async () => {
    const point = nextPoint();
    await onlineCreator(app, { base: northOf(point, 1), seenAt: clock, minNoticeMinutes: 60 });
    const client = await hailClient(app);
    expect((await quote(client, point)).creatorsAvailable).toBe(0);
    expect((await quote(client, point, "&startInMinutes=30")).creatorsAvailable).toBe(0);
    expect((await quote(client, point, "&startInMinutes=60")).creatorsAvailable).toBe(1);
    const now = await requestHail(app, client, { ...point, startInMinutes: 0 });
    expect(now.status).toBe(409);
    expect((await now.json()).error.message).toBe(HAIL_NOBODY_ONLINE_MESSAGE);
    expect((await requestHail(app, client, { ...point, startInMinutes: 60 })).status).toBe(201);
  });

  it("answers 60 quotes per account in 10 minutes, then 429", async () => {
    const point = nextPoint();
    const client = await hailClient(app);
    for (let i = 0; i < 60; i++) await quote(client, point);
    const refused = await app.fetch(
      `/api/hails/quote?service=Photography&hours=2&lat=${point.lat}&lng=${point.lng}`,
      { headers: { cookie: client.cookie } },
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    // Another account is counted apart.
    await quote(await hailClient(app), point);
  });
});

describe("sending a hail", () => {
  it("needs a location, someone online, and one open hail at a time; a retry is the same hail", async () => {
    const s = await scene();
    const noWhere = await requestHail(app, s.client, { location: "Somewhere nice" });
    expect(noWhere.status).toBe(400);
    expect((await noWhere.json()).error.message).toBe(HAIL_NO_LOCATION_MESSAGE);

    const nobody = await requestHail(app, s.client, { ...nextPoint() });
    expect(nobody.status).toBe(409);
    expect((await nobody.json()).error.message).toBe(HAIL_NOBODY_ONLINE_MESSAGE);
    expect(
      await app.database.db
        .selectFrom("hails")
        .where("client_user_id", "=", s.client.userId)
        .selectAll()
        .execute(),
    ).toEqual([]);

    const key = freshKey();
    const first = await requestHail(app, s.client, { ...s.point, notes: "Rooftop" }, key);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { hail: Hail; order: { id: string } };
    expect(created.hail).toMatchObject({
      status: "awaiting_payment",
      minTotalCents: priceBooking(10_000, 2).totalCents,
      maxTotalCents: priceBooking(20_000, 2).totalCents,
      payBy: later(HAIL.paymentWindowMinutes * 60_000).toISOString(),
      startAt: null,
      reachedCount: 0,
    });
    const again = await requestHail(app, s.client, { ...s.point, notes: "Rooftop" }, key);
    expect(again.status).toBe(201);
    const repeated = (await again.json()) as { hail: Hail; order: { id: string } };
    expect(repeated.hail.id).toBe(created.hail.id);
    expect(repeated.order.id).toBe(created.order.id);

    const second = await requestHail(app, s.client, { ...s.point });
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(HAIL_ALREADY_OPEN_MESSAGE);
  });

  it("places an address by the ZIP code inside it", async () => {
    // Miami Beach 33139: a creator live there.
    const miami = { lat: 25.7826, lng: -80.1341 };
    await onlineCreator(app, { base: miami, seenAt: clock });
    const client = await hailClient(app);
    const created = await hail(app, client, { location: "1 Ocean Dr, Miami Beach, FL 33139" });
    expect(created.hail.status).toBe("awaiting_payment");
  });

  it(`allows ${HAIL.perHourPerClient} hails an hour per client`, async () => {
    const s = await scene();
    for (let i = 0; i < HAIL.perHourPerClient; i++) {
      const created = await hail(app, s.client, { ...s.point });
      const cancel = await app.fetch(`/api/hails/${created.hail.id}/cancel`, {
        method: "POST",
        headers: { cookie: s.client.cookie, origin: app.url },
      });
      expect(cancel.status).toBe(200);
    }
    expect((await requestHail(app, s.client, { ...s.point })).status).toBe(429);
    clock = later(61 * 60_000);
    await onlineCreator(app, { base: northOf(s.point, 2), seenAt: clock });
    expect((await requestHail(app, s.client, { ...s.point })).status).toBe(201);
  });
});

describe("a live hail", () => {
  it("reaches exactly the matching creators, and the first accept wins", async () => {
    const s = await scene();
    const outsider = await onlineCreator(app, { base: nextPoint(), seenAt: clock });
    const before = await lastEventId(app);
    const created = await liveHail(s);

    const live = await readHail(app, s.client, created.hail.id);
    expect(live).toMatchObject({
      status: "live",
      reachedCount: 2,
      liveUntil: later(HAIL.liveSeconds * 1000).toISOString(),
    });
    const offerEvents = await eventsOf(app, REALTIME_TOPICS.hailOffers, before);
    expect(offerEvents.map((e) => e.user_id).sort()).toEqual([s.near.userId, s.far.userId].sort());
    const hailEvents = await eventsOf(app, REALTIME_TOPICS.hails, before);
    expect(hailEvents.map((e) => [e.user_id, (e.payload as Hail).status])).toEqual([
      [s.client.userId, "live"],
    ]);
    const [offer] = await offersOf(s.near);
    expect(offer).toMatchObject({
      hailId: created.hail.id,
      status: "offered",
      area: "Miami Beach, FL 33139",
      location: null,
      earningsCents: 20_000,
      // What the creator nets: a Starter's 20 % commission off the $200 session.
      netEarningsCents: 16_000,
      commissionPercent: 20,
      distanceMiles: 1,
    });
    expect(await offersOf(outsider)).toEqual([]);
    // A Pro creator (15 %) is offered their own net.
    await app.database.db
      .insertInto("creator_tiers")
      .values({
        creator_profile_id: s.far.profileId,
        tier: "pro",
        computed_on: START,
        updated_at: START,
      })
      .execute();
    expect((await offersOf(s.far))[0]).toMatchObject({
      earningsCents: 40_000,
      netEarningsCents: 34_000,
      commissionPercent: 15,
    });
    expect((await offerAction(app, outsider, created.hail.id, "accept")).status).toBe(404);

    const afterLive = await lastEventId(app);
    const won = await offerAction(app, s.far, created.hail.id, "accept");
    expect(won.status).toBe(200);
    const winner = ((await won.json()) as { offer: HailOffer }).offer;
    expect(winner).toMatchObject({ status: "accepted", location: "1 Ocean Dr, Miami, FL 33139" });
    // The booking takes the commission the offer showed.
    const booked = await app.database.db
      .selectFrom("bookings")
      .select("commission_percent")
      .where("id", "=", winner.bookingId!)
      .executeTakeFirstOrThrow();
    expect(booked.commission_percent).toBe(winner.commissionPercent);
    const lost = await offerAction(app, s.near, created.hail.id, "accept");
    expect(lost.status).toBe(409);
    expect((await lost.json()).error.message).toBe(HAIL_TAKEN_MESSAGE);
    expect(await offerStatus(created.hail.id, s.near)).toBe("taken");
    const changed = await eventsOf(app, REALTIME_TOPICS.hailOffers, afterLive);
    expect(changed.map((e) => [e.user_id, (e.payload as HailOffer).status]).sort()).toEqual(
      [
        [s.far.userId, "accepted"],
        [s.near.userId, "taken"],
      ].sort(),
    );

    const accepted = await readHail(app, s.client, created.hail.id);
    const total = priceBooking(20_000, 2);
    expect(accepted).toMatchObject({
      status: "accepted",
      winner: {
        name: "Far One",
        distanceMiles: 3,
        arrivalMinutes: 18,
        totalCents: total.totalCents,
      },
    });
    // As soon as possible: 3 miles at 25 mph + 10 minutes = 18, rounded up to 15:20.
    const booking = await getBooking(app, s.client, accepted.bookingId!);
    expect(booking).toMatchObject({
      status: "confirmed",
      totalCents: total.totalCents,
      depositCents: total.depositCents,
      startTime: "2030-11-23T15:20:00.000Z",
      location: "1 Ocean Dr, Miami, FL 33139",
    });
    // The winner's total is captured from the hail's hold at once, in one final capture that
    // releases the rest of the hold: the booking is paid in full.
    expect(booking.ledger.map((l) => [l.kind, l.amountCents])).toEqual([
      ["authorization", priceBooking(20_000, 2).totalCents],
      ["deposit_capture", total.depositCents],
      ["remainder_capture", total.remainderCents],
    ]);
    expect(booking).toMatchObject({ remainderState: "paid" });
    expect(booking.payment).toMatchObject({
      depositPaidCents: total.depositCents,
      remainderCapturedCents: total.remainderCents,
      netPaidCents: total.totalCents,
      holdCents: 0,
    });
    expect(await authorizationStatus(created.hail.id)).toBe("CAPTURED");

    // After the session it completes with nothing more to take.
    clock = new Date(captureAt(new Date(booking.endTime)).getTime() + 60_000);
    await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: booking.id }, clock);
    const done = await getBooking(app, s.client, booking.id);
    expect(done.status).toBe("completed");
    expect(done.ledger).toHaveLength(3);
  });

  it("has exactly one winner among 50 creators accepting at once", async () => {
    const point = nextPoint();
    const creators = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        onlineCreator(app, { base: northOf(point, 0.1 + i * 0.1), seenAt: clock }),
      ),
    );
    const client = await hailClient(app);
    const created = await hail(app, client, { ...point });
    await payInSandbox(app, created.order);
    const statuses = await Promise.all(
      creators.map((c) => offerAction(app, c, created.hail.id, "accept").then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const rows = await app.database.db
      .selectFrom("hail_offers")
      .select(["status"])
      .where("hail_id", "=", created.hail.id)
      .execute();
    expect(rows.filter((r) => r.status === "accepted")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "taken")).toHaveLength(49);
    const bookings = await app.database.db
      .selectFrom("bookings")
      .select("id")
      .where("client_user_id", "=", client.userId)
      .execute();
    expect(bookings).toHaveLength(1);
    expect((await bookingState(app, bookings[0]!.id)).ledger).toBe(3);
  }, 180_000);

  it("expires after 90 seconds: offers expired, the hold voided, everyone told", async () => {
    const s = await scene();
    const created = await liveHail(s);
    const before = await lastEventId(app);
    clock = later(60_000);
    await app.deps.jobs.run(HAIL_JOBS.expire, { hailId: created.hail.id }, clock);
    expect((await readHail(app, s.client, created.hail.id)).status).toBe("live");

    clock = later(HAIL.liveSeconds * 1000 + 1000);
    const late = await offerAction(app, s.near, created.hail.id, "accept");
    expect(late.status).toBe(409);
    await app.deps.jobs.run(HAIL_JOBS.expire, { hailId: created.hail.id }, clock);
    expect((await readHail(app, s.client, created.hail.id)).status).toBe("expired");
    expect(await offerStatus(created.hail.id, s.near)).toBe("expired");
    expect(await authorizationStatus(created.hail.id)).toBe("VOIDED");
    const offers = await eventsOf(app, REALTIME_TOPICS.hailOffers, before);
    expect(offers.map((e) => (e.payload as HailOffer).status)).toEqual(["expired", "expired"]);
    const hails = await eventsOf(app, REALTIME_TOPICS.hails, before);
    expect(hails.map((e) => (e.payload as Hail).status)).toEqual(["expired"]);
    // Repeating the job changes nothing.
    await app.deps.jobs.run(HAIL_JOBS.expire, { hailId: created.hail.id }, clock);
    expect(await eventsOf(app, REALTIME_TOPICS.hails, before)).toHaveLength(1);
  });

  it("expires unpaid after the payment window, by the sweep", async () => {
    const s = await scene();
    const created = await hail(app, s.client, { ...s.point });
    clock = later(HAIL.paymentWindowMinutes * 60_000 + 1000);
    await app.deps.jobs.run(HAIL_JOBS.sweep, {}, clock);
    expect((await readHail(app, s.client, created.hail.id)).status).toBe("expired");
  });

  it("is cancelled by its client: offers withdrawn, the hold voided", async () => {
    const s = await scene();
    const created = await liveHail(s);
    const cancel = await app.fetch(`/api/hails/${created.hail.id}/cancel`, {
      method: "POST",
      headers: { cookie: s.client.cookie, origin: app.url },
    });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { hail: Hail }).hail.status).toBe("cancelled");
    expect(await offerStatus(created.hail.id, s.far)).toBe("withdrawn");
    expect(await authorizationStatus(created.hail.id)).toBe("VOIDED");
    expect(await offersOf(s.far)).toEqual([]);
    const current = await app.fetch("/api/hails/current", { headers: { cookie: s.client.cookie } });
    expect(((await current.json()) as { hail: Hail }).hail.status).toBe("cancelled");
  });

  it("stays live for others when the first to accept is already booked then", async () => {
    const s = await scene();
    const created = await liveHail(s);
    await createBooking(app.database.db, {
      creatorProfileId: s.near.profileId,
      startTime: later(10 * 60_000),
      hours: 3,
      status: "confirmed",
    });
    const busy = await offerAction(app, s.near, created.hail.id, "accept");
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.message).toBe(HAIL_OVERLAP_MESSAGE);
    expect((await readHail(app, s.client, created.hail.id)).status).toBe("live");
    expect((await offerAction(app, s.far, created.hail.id, "accept")).status).toBe(200);
  });

  it("lets a creator decline", async () => {
    const s = await scene();
    const created = await liveHail(s);
    const declined = await offerAction(app, s.near, created.hail.id, "decline");
    expect(declined.status).toBe(200);
    expect(await offerStatus(created.hail.id, s.near)).toBe("declined");
    expect((await offerAction(app, s.near, created.hail.id, "accept")).status).toBe(409);
  });
});

describe("the wrong person", () => {
  it("is refused on every route", async () => {
    const s = await scene();
    const created = await liveHail(s);
    const other = await hailClient(app);
    const get = (path: string, who: Party) => app.fetch(path, { headers: { cookie: who.cookie } });
    expect((await get(`/api/hails/${created.hail.id}`, other)).status).toBe(404);
    expect((await get(`/api/hails/${created.hail.id}`, s.near)).status).toBe(404);
    const cancel = await app.fetch(`/api/hails/${created.hail.id}/cancel`, {
      method: "POST",
      headers: { cookie: other.cookie, origin: app.url },
    });
    expect(cancel.status).toBe(404);
    expect((await get("/api/hail-offers", s.client)).status).toBe(403);
    expect((await offerAction(app, s.client, created.hail.id, "accept")).status).toBe(403);
    expect((await offerAction(app, s.client, created.hail.id, "decline")).status).toBe(403);
    expect((await get("/api/hails/current", other)).status).toBe(200);
    expect((await readHail(app, s.client, created.hail.id)).status).toBe("live");
  });
});

describe("a creator who keeps cancelling hail bookings", () => {
  it(`is flagged to staff after ${HAIL.creatorCancelFlag.count} cancellations`, async () => {
    const point = nextPoint();
    const creator = await onlineCreator(app, { base: northOf(point, 1), seenAt: clock });
    const flags = () =>
      app.database.db
        .selectFrom("admin_notifications")
        .select("body")
        .where("kind", "=", "hail_cancellations")
        .where("body", "like", `%${creator.profileId}%`)
        .execute();
    for (let i = 0; i < HAIL.creatorCancelFlag.count; i++) {
      const client = await hailClient(app);
      const created = await hail(app, client, { ...point });
      await payInSandbox(app, created.order);
      expect((await offerAction(app, creator, created.hail.id, "accept")).status).toBe(200);
      const { bookingId } = await readHail(app, client, created.hail.id);
      const cancel = await app.fetch(`/api/bookings/${bookingId}/cancel`, {
        method: "POST",
        headers: { cookie: creator.cookie, origin: app.url, "content-type": "application/json" },
        body: JSON.stringify({ reason: "Something came up" }),
      });
      expect(cancel.status).toBe(200);
      // Run twice, as a retried or duplicated job would be (the queue may run it too): staff
      // are told once.
      await app.deps.jobs.run(HAIL_JOBS.creatorCancelled, { bookingId }, clock);
      await app.deps.jobs.run(HAIL_JOBS.creatorCancelled, { bookingId }, clock);
      expect((await flags()).length).toBe(i + 1 < HAIL.creatorCancelFlag.count ? 0 : 1);
    }
  }, 120_000);
});
