import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingTimes } from "../../../contracts/bookings.ts";
import type { Schedule } from "../../../contracts/schedule.ts";
import { SCHEDULE_MESSAGES } from "../../../contracts/schedule.ts";
import type { SearchResponse } from "../../../contracts/search.ts";
import { createCreator } from "../../db/factories.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import { bookingParties, requestBooking } from "../../test/bookings.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// Weekly hours, overrides and one-off times over real HTTP with a controllable clock: who may
// change them, what is refused, and how booking times, booking and search honour them.

let app: TestApp;
let clock = new Date("2031-06-01T12:00:00Z"); // a Sunday
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());

type Party = { cookie: string };
const get = (path: string, party?: Party) =>
  app.fetch(`/api${path}`, { headers: party ? { cookie: party.cookie } : {} });
const send = (method: string, path: string, party: Party | undefined, body?: unknown) =>
  app.fetch(`/api${path}`, jsonRequest(method, body, party?.cookie));
const message = async (r: Response) =>
  ((await r.json()) as { error: { message: string } }).error.message;

async function schedule(party: Party): Promise<Schedule> {
  const r = await get("/availability/schedule", party);
  expect(r.status).toBe(200);
  return (await r.json()) as Schedule;
}
async function ok(r: Promise<Response>): Promise<Schedule> {
  const response = await r;
  if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as Schedule;
}
async function times(creatorId: string, date: string, hours = 1) {
  const r = await get(`/creators/${creatorId}/booking-times?date=${date}&hours=${hours}`);
  expect(r.status).toBe(200);
  const body = (await r.json()) as BookingTimes;
  return body.times.filter((t) => t.available).map((t) => t.time);
}
const setZone = (creatorId: string, zone: string) =>
  app.database.db
    .updateTable("photographer_profiles")
    .set({ time_zone: zone })
    .where("id", "=", creatorId)
    .execute();

describe("schedule API: who may call it", () => {
  it("refuses the signed out (401) and clients (403); a creator gets defaults", async () => {
    const { creator, client } = await bookingParties(app);
    expect((await get("/availability/schedule")).status).toBe(401);
    expect((await get("/availability/schedule", client)).status).toBe(403);
    expect(
      (
        await send("POST", "/availability/schedule/weekly", client, {
          weekdays: [1],
          start: "09:00",
          end: "17:00",
        })
      ).status,
    ).toBe(403);
    expect(await schedule(creator)).toEqual({
      timeZone: "America/New_York",
      minNoticeMinutes: 720,
      bufferMinutes: 30,
      weekly: [],
      overrides: [],
      oneOffs: [],
    });
  });

  it("answers 404 when another creator deletes your hours, and deletes your own", async () => {
    const mine = await bookingParties(app);
    const other = await bookingParties(app);
    const added = await ok(
      send("POST", "/availability/schedule/weekly", mine.creator, {
        weekdays: [1],
        start: "09:00",
        end: "17:00",
      }),
    );
    const id = added.weekly[0]!.id;
    const stolen = await send("DELETE", `/availability/schedule/weekly/${id}`, other.creator);
    expect(stolen.status).toBe(404);
    expect(await message(stolen)).toBe(SCHEDULE_MESSAGES.notFound);
    expect(
      (await send("DELETE", "/availability/schedule/weekly/not-a-uuid", mine.creator)).status,
    ).toBe(404);
    const after = await ok(send("DELETE", `/availability/schedule/weekly/${id}`, mine.creator));
    expect(after.weekly).toEqual([]);
  });
});

describe("schedule API: adding and validation", () => {
  it("adds weekly hours to several weekdays; a repeat adds nothing; overlaps are refused", async () => {
    const { creator } = await bookingParties(app);
    const body = { weekdays: [3, 1], start: "09:00", end: "17:00" };
    const first = await ok(send("POST", "/availability/schedule/weekly", creator, body));
    expect(first.weekly.map((w) => [w.weekday, w.start, w.end])).toEqual([
      [1, "09:00", "17:00"],
      [3, "09:00", "17:00"],
    ]);
    const again = await ok(send("POST", "/availability/schedule/weekly", creator, body));
    expect(again.weekly).toHaveLength(2);
    const overlap = await send("POST", "/availability/schedule/weekly", creator, {
      weekdays: [1],
      start: "16:00",
      end: "18:00",
    });
    expect(overlap.status).toBe(400);
    expect(await message(overlap)).toBe(SCHEDULE_MESSAGES.overlap);
    // Touching is not overlapping; 24:00 ends the day.
    const evening = await ok(
      send("POST", "/availability/schedule/weekly", creator, {
        weekdays: [1],
        start: "17:00",
        end: "24:00",
      }),
    );
    expect(evening.weekly.map((w) => w.end)).toContain("24:00");
  });

  it("refuses bad times with clear messages, never a 500", async () => {
    const { creator } = await bookingParties(app);
    const cases: [unknown, string][] = [
      [{ weekdays: [1], start: "17:00", end: "09:00" }, SCHEDULE_MESSAGES.endAfterStart],
      [{ weekdays: [1], start: "09:10", end: "17:00" }, SCHEDULE_MESSAGES.time],
      [{ weekdays: [1], start: "24:00", end: "24:00" }, SCHEDULE_MESSAGES.time],
      [{ weekdays: [], start: "09:00", end: "17:00" }, "Pick at least one day"],
      [{ weekdays: [8], start: "09:00", end: "17:00" }, ""],
    ];
    for (const [body, text] of cases) {
      const r = await send("POST", "/availability/schedule/weekly", creator, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      if (text) expect(await r.text()).toContain(text);
    }
  });

  it("sets day-off and hour overrides within the horizon, not in the past", async () => {
    const { creator } = await bookingParties(app);
    const path = "/availability/schedule/overrides";
    const past = await send("POST", path, creator, { date: "2031-05-31", start: null, end: null });
    expect(past.status).toBe(400);
    expect(await message(past)).toBe(SCHEDULE_MESSAGES.pastDate);
    const far = await send("POST", path, creator, { date: "2032-06-02", start: null, end: null });
    expect(await message(far)).toBe(SCHEDULE_MESSAGES.horizon);
    const half = await send("POST", path, creator, {
      date: "2031-06-05",
      start: "09:00",
      end: null,
    });
    expect(half.status).toBe(400);
    await ok(send("POST", path, creator, { date: "2031-06-05", start: null, end: null }));
    const onDayOff = await send("POST", path, creator, {
      date: "2031-06-05",
      start: "09:00",
      end: "12:00",
    });
    expect(await message(onDayOff)).toBe(SCHEDULE_MESSAGES.hoursOnDayOff);
    const s = await ok(
      send("POST", path, creator, { date: "2031-06-06", start: "22:00", end: "24:00" }),
    );
    expect(s.overrides.map((o) => [o.date, o.start, o.end])).toEqual([
      ["2031-06-05", null, null],
      ["2031-06-06", "22:00", "24:00"],
    ]);
    const dayOffOnHours = await send("POST", path, creator, {
      date: "2031-06-06",
      start: null,
      end: null,
    });
    expect(await message(dayOffOnHours)).toBe(SCHEDULE_MESSAGES.dayOffTaken);
    const id = s.overrides[0]!.id;
    expect((await ok(send("DELETE", `${path}/${id}`, creator))).overrides).toHaveLength(1);
  });

  it("adds one-off times as instants of the creator's zone, and settings", async () => {
    const { creator } = await bookingParties(app);
    const s = await ok(
      send("POST", "/availability/schedule/one-offs", creator, {
        date: "2031-12-06",
        start: "14:00",
        end: "18:00",
      }),
    );
    expect(s.oneOffs.map((o) => [o.start, o.end])).toEqual([
      ["2031-12-06T19:00:00.000Z", "2031-12-06T23:00:00.000Z"],
    ]);
    const overlap = await send("POST", "/availability/schedule/one-offs", creator, {
      date: "2031-12-06",
      start: "17:00",
      end: "19:00",
    });
    expect(overlap.status).toBe(400);
    const settings = await ok(
      send("PUT", "/availability/schedule/settings", creator, {
        minNoticeMinutes: 60,
        bufferMinutes: 0,
      }),
    );
    expect([settings.minNoticeMinutes, settings.bufferMinutes]).toEqual([60, 0]);
    const bad = await send("PUT", "/availability/schedule/settings", creator, {
      minNoticeMinutes: 60,
      bufferMinutes: 500,
    });
    expect(bad.status).toBe(400);
  });
});

describe("booking honours the schedule", () => {
  it("offers and books only inside weekly hours, with notice and buffer", async () => {
    clock = new Date("2031-06-01T12:00:00Z"); // Sunday 08:00 in New York
    const { creator, creatorId, client } = await bookingParties(app);
    await ok(
      send("POST", "/availability/schedule/weekly", creator, {
        weekdays: [1],
        start: "09:00",
        end: "12:00",
      }),
    );
    const monday = "2031-06-09";
    expect(await times(creatorId, monday)).toEqual([
      "09:00",
      "09:15",
      "09:30",
      "09:45",
      "10:00",
      "10:15",
      "10:30",
      "10:45",
      "11:00",
    ]);
    expect(await times(creatorId, monday, 3)).toEqual(["09:00"]);
    expect(await times(creatorId, "2031-06-10")).toEqual([]);

    const outside = await requestBooking(app, client, {
      creatorId,
      date: monday,
      startTime: "13:00",
      hours: 1,
    });
    expect(outside.status).toBe(400);
    expect(await message(outside)).toBe(
      "That time is outside Test Creator's available hours. Please pick another time.",
    );
    const tooLong = await requestBooking(app, client, {
      creatorId,
      date: monday,
      startTime: "11:00",
      hours: 2,
    });
    expect(tooLong.status).toBe(400);

    // Booked 09:00-10:00: with the 30-minute buffer, 10:30 is the next start.
    const booked = await requestBooking(app, client, {
      creatorId,
      date: monday,
      startTime: "09:00",
      hours: 1,
    });
    expect(booked.status).toBe(201);
    expect(await times(creatorId, monday)).toEqual(["10:30", "10:45", "11:00"]);
    const close = await requestBooking(app, client, {
      creatorId,
      date: monday,
      startTime: "10:00",
      hours: 1,
    });
    expect(close.status).toBe(409);
    expect(await message(close)).toContain("needs 30 minutes between sessions");
    const taken = await requestBooking(app, client, {
      creatorId,
      date: monday,
      startTime: "09:30",
      hours: 1,
    });
    expect(taken.status).toBe(409);

    // Monday 12:00 is 16:00 UTC: from Monday 04:00 UTC on, 12 hours' notice covers the hours.
    clock = new Date("2031-06-09T04:00:00Z");
    expect(await times(creatorId, monday)).toEqual([]);
    const late = await requestBooking(app, client, {
      creatorId,
      date: monday,
      startTime: "11:00",
      hours: 1,
    });
    expect(late.status).toBe(400);
    expect(await message(late)).toBe(
      "This creator needs at least 12 hours' notice. Please pick a later time.",
    );
    clock = new Date("2031-06-01T12:00:00Z");
  });

  it("keeps creators without a schedule bookable 06:00-23:00 as before", async () => {
    const { creatorId } = await bookingParties(app);
    const offered = await times(creatorId, "2031-06-10");
    expect(offered[0]).toBe("06:00");
    expect(offered.at(-1)).toBe("22:00");
  });

  it("answers the nearest start for the map's Book button", async () => {
    clock = new Date("2031-06-01T12:00:00Z");
    const { creator, creatorId } = await bookingParties(app);
    await ok(
      send("POST", "/availability/schedule/weekly", creator, {
        weekdays: [2],
        start: "09:00",
        end: "12:00",
      }),
    );
    const next = await get(`/creators/${creatorId}/next-start?hours=1`);
    expect(await next.json()).toEqual({ date: "2031-06-03", time: "09:00" });
    const none = await get(`/creators/${creatorId}/next-start?hours=4`);
    expect(await none.json()).toBeNull();
    const nobody = await get(`/creators/${crypto.randomUUID()}/next-start`);
    expect(nobody.status).toBe(404);
  });
});

describe("DST: the creator's wall clock on transition days", () => {
  it("New York spring forward and fall back: hours from 13:00, override 22:00-24:00", async () => {
    clock = new Date("2026-02-20T12:00:00Z");
    const { creator, creatorId, client } = await bookingParties(app);
    await ok(
      send("POST", "/availability/schedule/weekly", creator, {
        weekdays: [7],
        start: "13:00",
        end: "17:00",
      }),
    );
    for (const date of ["2026-03-08", "2026-11-01"]) {
      expect(await times(creatorId, date)).toEqual([
        "13:00",
        "13:15",
        "13:30",
        "13:45",
        "14:00",
        "14:15",
        "14:30",
        "14:45",
        "15:00",
        "15:15",
        "15:30",
        "15:45",
        "16:00",
      ]);
    }
    const spring = await requestBooking(app, client, {
      creatorId,
      date: "2026-03-08",
      startTime: "13:00",
      hours: 4,
    });
    expect(spring.status).toBe(201);
    const springBody = (await spring.json()) as { booking: { startTime?: string; start?: string } };
    expect(JSON.stringify(springBody)).toContain("2026-03-08T17:00:00.000Z");

    clock = new Date("2026-10-20T12:00:00Z");
    await ok(
      send("POST", "/availability/schedule/overrides", creator, {
        date: "2026-11-01",
        start: "22:00",
        end: "24:00",
      }),
    );
    expect(await times(creatorId, "2026-11-01")).toEqual(["22:00", "22:15", "22:30", "22:45"]);
    expect(await times(creatorId, "2026-11-01", 2)).toEqual(["22:00"]);
    const night = await requestBooking(app, client, {
      creatorId,
      date: "2026-11-01",
      startTime: "22:00",
      hours: 2,
    });
    expect(night.status).toBe(201);
    expect(JSON.stringify(await night.json())).toContain("2026-11-02T03:00:00.000Z");
  });

  it("minimum notice that ends on the transition day (New York, 8 March)", async () => {
    // 20:00 EST on 7 March + 12 h = 09:00 EDT on 8 March (one clock hour skipped).
    clock = new Date("2026-03-08T01:00:00Z");
    const { creatorId } = await bookingParties(app);
    const offered = await times(creatorId, "2026-03-08");
    expect(offered[0]).toBe("09:00");
  });

  it("Sydney: autumn (5 April) and spring (4 October) keep 13:00 at 13:00", async () => {
    clock = new Date("2026-03-20T00:00:00Z");
    const { creator, creatorId, client } = await bookingParties(app);
    await setZone(creatorId, "Australia/Sydney");
    const s = await ok(
      send("POST", "/availability/schedule/weekly", creator, {
        weekdays: [7],
        start: "13:00",
        end: "15:00",
      }),
    );
    expect(s.timeZone).toBe("Australia/Sydney");
    for (const date of ["2026-04-05", "2026-10-04"]) {
      expect(await times(creatorId, date, 2)).toEqual(["13:00"]);
    }
    const autumn = await requestBooking(app, client, {
      creatorId,
      date: "2026-04-05",
      startTime: "13:00",
      hours: 2,
    });
    expect(JSON.stringify(await autumn.json())).toContain("2026-04-05T03:00:00.000Z"); // AEST +10
    const spring = await requestBooking(app, client, {
      creatorId,
      date: "2026-10-04",
      startTime: "13:00",
      hours: 2,
    });
    expect(JSON.stringify(await spring.json())).toContain("2026-10-04T02:00:00.000Z"); // AEDT +11
  });
});

describe("search's date filter honours schedules", () => {
  const search = async (date: string) => {
    const r = await get(`/search?zip=33139&date=${date}&limit=50`);
    expect(r.status).toBe(200);
    return ((await r.json()) as SearchResponse).items.map((i) => i.id);
  };

  it("finds a Monday-only creator on Mondays only, and no longer once the day is booked", async () => {
    clock = new Date("2031-06-01T12:00:00Z");
    const { creator, creatorId, client } = await bookingParties(app);
    const plain = await createCreator(app.database.db, {});
    await ok(
      send("POST", "/availability/schedule/weekly", creator, {
        weekdays: [1],
        start: "09:00",
        end: "11:00",
      }),
    );
    expect(await search("2031-06-09")).toContain(creatorId);
    expect(await search("2031-06-10")).not.toContain(creatorId);
    expect(await search("2031-06-10")).toContain(plain.profile.id);
    // 09:00-10:00 booked: with the buffer, 10:30-11:00 is left, shorter than an hour.
    expect(
      (
        await requestBooking(app, client, {
          creatorId,
          date: "2031-06-09",
          startTime: "09:00",
          hours: 1,
        })
      ).status,
    ).toBe(201);
    expect(await search("2031-06-09")).not.toContain(creatorId);
    expect(await search("2031-06-16")).toContain(creatorId);
    // A day off on the next Monday, and a one-off time on the Tuesday.
    await ok(
      send("POST", "/availability/schedule/overrides", creator, {
        date: "2031-06-16",
        start: null,
        end: null,
      }),
    );
    await ok(
      send("POST", "/availability/schedule/one-offs", creator, {
        date: "2031-06-17",
        start: "10:00",
        end: "12:00",
      }),
    );
    expect(await search("2031-06-16")).not.toContain(creatorId);
    expect(await search("2031-06-17")).toContain(creatorId);
  });

  it("a client signed in elsewhere sees the same creator-zone times (the zone is named)", async () => {
    const { creatorId } = await bookingParties(app);
    await setZone(creatorId, "Australia/Sydney");
    const viewer = await createVerifiedUser(app);
    const r = await app.fetch(`/api/creators/${creatorId}/booking-times?date=2031-06-10&hours=1`, {
      headers: { cookie: viewer.cookie, "accept-language": "en-US" },
    });
    const body = (await r.json()) as BookingTimes;
    expect(body.timeZone).toBe("Australia/Sydney");
    expect(body.times.find((t) => t.available)?.time).toBe("06:00");
  });
});
