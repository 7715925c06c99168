import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MISSING_INFO_MESSAGE } from "../../../contracts/bookings.ts";
import { createCreator } from "../../db/factories.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import {
  book,
  bookingParties,
  freshKey,
  type Party,
  requestBooking,
  scheduleSettings,
} from "../../test/bookings.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// Creating a booking over HTTP: what is refused, that the server alone prices it, that an
// idempotency key makes one booking of repeats, and local times in the creator's zone.

const T0 = new Date("2030-01-15T12:00:00Z"); // 07:00 in New York
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

const VALID = {
  date: "2030-02-10",
  startTime: "10:00",
  hours: 2,
  location: "1 Ocean Dr, Miami, FL 33139",
};

const post = (party: Party, body: unknown, key = freshKey()) =>
  app.fetch("/api/bookings", jsonRequest("POST", body, party.cookie, { "Idempotency-Key": key }));

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

async function bookingRows(creatorId: string) {
  return app.database.db
    .selectFrom("bookings")
    .select(["id", "start_time", "hourly_rate_cents", "total_amount_cents", "deposit_amount_cents"])
    .where("creator_profile_id", "=", creatorId)
    .execute();
}

describe("validation", () => {
  it("missing fields answer 400 with the form's message", async () => {
    for (const field of ["date", "startTime", "hours", "location"] as const) {
      const { [field]: _, ...rest } = VALID;
      const response = await post(p.client, { creatorId: p.creatorId, ...rest });
      expect(response.status, field).toBe(400);
      expect(await errorOf(response)).toContain(MISSING_INFO_MESSAGE);
    }
    const blank = await post(p.client, { creatorId: p.creatorId, ...VALID, location: "  " });
    expect(await errorOf(blank)).toContain(MISSING_INFO_MESSAGE);
  });

  it.each([
    { hours: 0 },
    { hours: 13 },
    { hours: 1.5 },
    { startTime: "05:45" },
    { startTime: "23:00" },
    { startTime: "10:10" },
    { date: "2030-01-14" },
    { date: "2030-01-15", startTime: "06:45" }, // earlier today in New York
  ])("refuses %o with 400 and books nothing", async (change) => {
    const response = await post(p.client, { creatorId: p.creatorId, ...VALID, ...change });
    expect(response.status, await response.clone().text()).toBe(400);
    expect(await bookingRows(p.creatorId)).toEqual([]);
  });

  it("a creator cannot book themselves, nor one without a rate; an unlisted one is not found", async () => {
    const self = await post(p.creator, { creatorId: p.creatorId, ...VALID });
    expect(self.status).toBe(400);
    expect(await errorOf(self)).toBe("You cannot book yourself.");

    const noRate = await createCreator(app.database.db, { hourlyRateCents: null });
    const unrated = await post(p.client, { creatorId: noRate.profile.id, ...VALID });
    expect(unrated.status).toBe(400);
    expect(await errorOf(unrated)).toContain("has not set an hourly rate");

    const hidden = await createCreator(app.database.db, { published: false });
    expect((await post(p.client, { creatorId: hidden.profile.id, ...VALID })).status).toBe(404);
    const unknown = await post(p.client, { creatorId: crypto.randomUUID(), ...VALID });
    expect(unknown.status).toBe(404);
  });
});

describe("pricing", () => {
  it("ignores any amount the browser sends: the price comes from the stored rate", async () => {
    const response = await post(p.client, {
      creatorId: p.creatorId,
      ...VALID,
      hourlyRateCents: 1,
      subtotalCents: 1,
      totalCents: 1,
      depositCents: 1,
      amount: "0.01",
    });
    if (response.status === 201) {
      const { booking } = (await response.json()) as { booking: { totalCents: number } };
      expect(booking.totalCents).toBe(31_500);
    } else expect(response.status).toBe(400);
    for (const row of await bookingRows(p.creatorId)) {
      expect(row).toMatchObject({
        hourly_rate_cents: 15_000,
        total_amount_cents: 31_500,
        deposit_amount_cents: 9_000,
      });
    }
  });
});

describe("limits", () => {
  it("a rate so small that the deposit would be under $1.00 is refused, nothing booked", async () => {
    const tiny = await bookingParties(app, 1);
    const response = await post(tiny.client, { ...VALID, creatorId: tiny.creatorId });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(
      "This booking's deposit or remaining balance would be under $1.00, the smallest amount we can charge. Please book more hours.",
    );
    const rows = await app.database.db
      .selectFrom("bookings")
      .select("id")
      .where("client_user_id", "=", tiny.client.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("a client holds at most 3 unpaid bookings; paying or cancelling one frees a place", async () => {
    const dates = ["2030-02-10", "2030-02-11", "2030-02-12", "2030-02-13"];
    const ids: string[] = [];
    const keys = dates.map(() => freshKey());
    for (const [i, date] of dates.slice(0, 3).entries()) {
      const response = await post(p.client, { ...VALID, creatorId: p.creatorId, date }, keys[i]);
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { booking: { id: string } }).booking.id);
    }
    const fourth = await post(p.client, { ...VALID, creatorId: p.creatorId, date: dates[3] });
    expect(fourth.status).toBe(409);
    expect((await fourth.json()).error.message).toBe(
      "You have 3 bookings waiting for payment. Pay for or cancel one of them before booking again.",
    );
    // A repeat of the third request (its key) is that booking, not refused by the limit.
    const repeat = await post(
      p.client,
      { ...VALID, creatorId: p.creatorId, date: dates[2] },
      keys[2],
    );
    expect(repeat.status).toBe(201);
    expect(((await repeat.json()) as { booking: { id: string } }).booking.id).toBe(ids[2]);
    const cancel = await app.fetch(
      `/api/bookings/${ids[0]}/cancel`,
      jsonRequest("POST", {}, p.client.cookie),
    );
    expect(cancel.status).toBe(200);
    expect(
      (await post(p.client, { ...VALID, creatorId: p.creatorId, date: dates[3] })).status,
    ).toBe(201);
  });
});

describe("idempotency", () => {
  it("the same key twice is one booking; with another body it is refused", async () => {
    const key = freshKey();
    const body = { creatorId: p.creatorId, ...VALID };
    const first = await post(p.client, body, key);
    const second = await post(p.client, body, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    const id = ((await first.json()) as { booking: { id: string } }).booking.id;
    expect(((await second.json()) as { booking: { id: string } }).booking.id).toBe(id);
    expect(await bookingRows(p.creatorId)).toHaveLength(1);

    const changed = await post(p.client, { ...body, startTime: "15:00" }, key);
    expect(changed.status).toBe(409);
    expect(await bookingRows(p.creatorId)).toHaveLength(1);
  });

  it("two requests at once with one key make one booking", async () => {
    const key = freshKey();
    const body = { creatorId: p.creatorId, ...VALID };
    const answers = await Promise.all([post(p.client, body, key), post(p.client, body, key)]);
    const ids = new Set<string>();
    for (const r of answers) {
      expect(r.status).toBe(201);
      ids.add(((await r.json()) as { booking: { id: string } }).booking.id);
    }
    expect(ids.size).toBe(1);
    expect(await bookingRows(p.creatorId)).toHaveLength(1);
  });
});

describe("time zones", () => {
  it.each([
    // The UK moves to BST at 01:00Z on 2030-03-31; the US to EDT on 2030-03-10.
    { zone: "Europe/London", date: "2030-03-31", instant: "2030-03-31T09:00:00.000Z" },
    { zone: "Europe/London", date: "2030-03-30", instant: "2030-03-30T10:00:00.000Z" },
    { zone: "America/New_York", date: "2030-03-10", instant: "2030-03-10T14:00:00.000Z" },
    { zone: "America/New_York", date: "2030-11-03", instant: "2030-11-03T15:00:00.000Z" },
  ])("10:00 in $zone on $date is $instant", async ({ zone, date, instant }) => {
    await app.database.db
      .updateTable("photographer_profiles")
      .set({ time_zone: zone })
      .where("id", "=", p.creatorId)
      .execute();
    const { booking } = await book(app, p.client, {
      creatorId: p.creatorId,
      date,
      startTime: "10:00",
      hours: 1,
    });
    expect(booking).toMatchObject({ timeZone: zone, startTime: instant });
    const rows = await bookingRows(p.creatorId);
    expect(rows.map((r) => r.start_time.toISOString())).toEqual([instant]);
  });
});

describe("booking times", () => {
  type Times = { timeZone: string; times: { time: string; available: boolean }[] };
  const times = async (date: string, hours: number) => {
    const r = await app.fetch(
      `/api/creators/${p.creatorId}/booking-times?date=${date}&hours=${hours}`,
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as Times;
    return new Map(body.times.map((t) => [t.time, t.available]));
  };

  it("marks taken times and past times unavailable", async () => {
    // No notice and no buffer: only the booking itself and the clock take times away.
    await scheduleSettings(app, p.creator, { minNoticeMinutes: 0, bufferMinutes: 0 });
    await book(app, p.client, { creatorId: p.creatorId, ...VALID }); // 10:00 to 12:00
    const day = await times(VALID.date, 1);
    expect(day.get("08:45")).toBe(true);
    expect(day.get("09:00")).toBe(true); // ends as the booking starts
    expect(day.get("09:15")).toBe(false);
    expect(day.get("11:45")).toBe(false);
    expect(day.get("12:00")).toBe(true);
    expect((await times(VALID.date, 3)).get("08:00")).toBe(false); // would run into it

    // Today at 07:00 in New York: earlier times are past.
    const today = await times("2030-01-15", 1);
    expect(today.get("06:45")).toBe(false);
    expect(today.get("07:00")).toBe(false);
    expect(today.get("07:15")).toBe(true);

    const other = await createVerifiedUser(app);
    const taken = await requestBooking(
      app,
      { userId: other.userId, email: other.email, cookie: other.cookie },
      { creatorId: p.creatorId, date: VALID.date, startTime: "11:00", hours: 1 },
    );
    expect(taken.status).toBe(409);
  });
});
