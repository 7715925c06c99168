import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingTimes } from "../../../contracts/bookings.ts";
import type { ExternalCalendarList } from "../../../contracts/calendars.ts";
import type { HailQuote } from "../../../contracts/hail.ts";
import type { SearchResponse } from "../../../contracts/search.ts";
import { bookingParties, type Party, requestBooking } from "../../test/bookings.ts";
import { type CalendarServer, startCalendarServer } from "../../test/calendar-server.ts";
import { hailClient, northOf, onlineCreator } from "../../test/hail.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { AVAILABILITY_JOBS } from "./job-names.ts";

// External calendars over real HTTP: ICS served by a loopback HTTPS server with a test CA,
// fetched by the real job; their busy times block the booking form, booking, search's date
// filter and hails as bookings do; fetch errors are shown per calendar.

let app: TestApp;
let ics: CalendarServer;
let clock = new Date("2031-06-01T12:00:00Z"); // a Sunday; creators are in America/New_York
beforeAll(async () => {
  ics = await startCalendarServer();
  app = await startTestApp(
    {},
    {
      now: () => clock,
      configure: (config) => ({
        ...config,
        calendarFetchTest: ics.fetchSwitches({ "evil.test": "10.9.8.7" }),
      }),
    },
  );
});
afterAll(async () => {
  await app?.close();
  await ics?.close();
});

const calendar = (...events: string[][]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    "X-WR-CALNAME:Studio work",
    ...events.flatMap((e) => ["BEGIN:VEVENT", "DTSTAMP:20310101T000000Z", ...e, "END:VEVENT"]),
    "END:VCALENDAR",
  ].join("\r\n");

const list = async (party: Party) => {
  const r = await app.fetch("/api/availability/calendars", { headers: { cookie: party.cookie } });
  expect(r.status).toBe(200);
  return ((await r.json()) as ExternalCalendarList).calendars;
};
const add = (party: Party | undefined, url: string) =>
  app.fetch("/api/availability/calendars", jsonRequest("POST", { url }, party?.cookie));
async function addSynced(party: Party, url: string) {
  const r = await add(party, url);
  expect(r.status, await r.clone().text()).toBe(200);
  await app.deps.jobs.drain();
  return list(party);
}
const remove = (party: Party | undefined, id: string) =>
  app.fetch(`/api/availability/calendars/${id}`, jsonRequest("DELETE", undefined, party?.cookie));
const message = async (r: Response) =>
  ((await r.json()) as { error: { message: string } }).error.message;

async function freeTimes(creatorId: string, date: string, hours = 1) {
  const r = await app.fetch(`/api/creators/${creatorId}/booking-times?date=${date}&hours=${hours}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as BookingTimes).times.filter((t) => t.available).map((t) => t.time);
}

describe("who may manage external calendars", () => {
  it("refuses the signed out (401) and clients (403), and another creator's calendar (404)", async () => {
    const { creator, client } = await bookingParties(app);
    const other = await bookingParties(app);
    ics.serve("/who.ics", calendar());
    expect((await add(undefined, `${ics.origin}/who.ics`)).status).toBe(401);
    expect((await add(client, `${ics.origin}/who.ics`)).status).toBe(403);
    const r = await app.fetch("/api/availability/calendars", {
      headers: { cookie: client.cookie },
    });
    expect(r.status).toBe(403);
    const [mine] = await addSynced(creator, `${ics.origin}/who.ics`);
    expect((await remove(other.creator, mine!.id)).status).toBe(404);
    expect((await remove(client, mine!.id)).status).toBe(403);
    expect((await remove(undefined, mine!.id)).status).toBe(401);
    expect((await remove(creator, mine!.id)).status).toBe(200);
    expect(await list(creator)).toEqual([]);
  });

  it("refuses what is not an https address, adds an address once, and at most five", async () => {
    const { creator } = await bookingParties(app);
    const http = await add(creator, `http://calendar.test:${ics.port}/x.ics`);
    expect(http.status).toBe(400);
    expect(await message(http)).toBe("Only https addresses are fetched");
    expect((await add(creator, "")).status).toBe(400);
    ics.serve("/same.ics", calendar());
    await addSynced(creator, `${ics.origin}/same.ics`);
    const again = await addSynced(creator, `${ics.origin}/same.ics`);
    expect(again).toHaveLength(1);
    // The secret address never comes back: the calendar's own name and its server.
    expect(again[0]!.label).toBe("Studio work (calendar.test)");
    expect(JSON.stringify(again)).not.toContain("/same.ics");
    for (let i = 2; i <= 5; i += 1) await addSynced(creator, `${ics.origin}/same.ics?n=${i}`);
    const sixth = await add(creator, `${ics.origin}/same.ics?n=6`);
    expect(sixth.status).toBe(400);
    expect(await message(sixth)).toBe("You can add up to 5 calendars");
  });
});

describe("busy times block as bookings do", () => {
  it("takes a weekly meeting set before DST out of the booking form at its local time, and refuses booking it", async () => {
    const { creator, creatorId, client } = await bookingParties(app);
    expect(await freeTimes(creatorId, "2031-06-10")).toContain("10:00");
    // Tuesdays 10:00–12:00 New York time, from March (standard time) on.
    ics.serve(
      "/weekly.ics",
      calendar([
        "UID:weekly",
        "DTSTART;TZID=America/New_York:20310304T100000",
        "DTEND;TZID=America/New_York:20310304T120000",
        "RRULE:FREQ=WEEKLY;BYDAY=TU",
      ]),
    );
    const [synced] = await addSynced(creator, `${ics.origin}/weekly.ics`);
    expect(synced).toMatchObject({ lastError: null, lastSyncedAt: clock.toISOString() });
    expect(synced!.busyCount).toBeGreaterThanOrEqual(12);
    const times = await freeTimes(creatorId, "2031-06-10");
    // The 30-minute buffer applies around it as around a booking.
    for (const t of ["09:00", "09:30", "10:00", "11:30", "12:00"]) expect(times).not.toContain(t);
    expect(times).toContain("08:30");
    expect(times).toContain("12:30");
    expect(await freeTimes(creatorId, "2031-06-11")).toContain("10:00");
    const refused = await requestBooking(app, client, {
      creatorId,
      date: "2031-06-10",
      startTime: "10:30",
      hours: 1,
    });
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe(
      "Test Creator is busy at that time. Please pick another time.",
    );
    // Removed: the busy times go with it.
    expect((await remove(creator, synced!.id)).status).toBe(200);
    expect(await freeTimes(creatorId, "2031-06-10")).toContain("10:00");
  });

  it("leaves a creator busy all day out of search's date filter", async () => {
    const { creator, creatorId } = await bookingParties(app);
    ics.serve(
      "/away.ics",
      calendar(["UID:away", "DTSTART;VALUE=DATE:20310611", "DTEND;VALUE=DATE:20310612"]),
    );
    const search = async (date: string) => {
      const r = await app.fetch(`/api/search?zip=33139&date=${date}&limit=50`);
      expect(r.status).toBe(200);
      return ((await r.json()) as SearchResponse).items.map((i) => i.id);
    };
    expect(await search("2031-06-11")).toContain(creatorId);
    await addSynced(creator, `${ics.origin}/away.ics`);
    expect(await search("2031-06-11")).not.toContain(creatorId);
    expect(await search("2031-06-12")).toContain(creatorId);
  });

  it("keeps a hail from a creator busy elsewhere right now", async () => {
    const point = { lat: 44.5, lng: -110.5 };
    const creator = await onlineCreator(app, { base: northOf(point, 1), seenAt: clock });
    const client = await hailClient(app);
    const quote = async () => {
      const r = await app.fetch(
        `/api/hails/quote?service=Photography&hours=2&lat=${point.lat}&lng=${point.lng}`,
        { headers: { cookie: client.cookie } },
      );
      expect(r.status).toBe(200);
      return ((await r.json()) as HailQuote).creatorsAvailable;
    };
    expect(await quote()).toBe(1);
    ics.serve(
      "/now.ics",
      calendar(["UID:now", "DTSTART:20310601T130000Z", "DTEND:20310601T140000Z"]),
    );
    const [busy] = await addSynced(creator, `${ics.origin}/now.ics`);
    expect(await quote()).toBe(0);
    await remove(creator, busy!.id);
    expect(await quote()).toBe(1);
  });
});

describe("sync status and errors", () => {
  it("shows each calendar's error, keeps the last good busy times, and refetches every 15 minutes", async () => {
    const { creator, creatorId } = await bookingParties(app);
    let answer: "ok" | "broken" = "ok";
    ics.on("/flaky.ics", (_req, res) => {
      if (answer === "broken") return void res.writeHead(500).end("oops");
      res
        .writeHead(200)
        .end(calendar(["UID:f", "DTSTART:20310612T140000Z", "DTEND:20310612T160000Z"]));
    });
    ics.on("/to-private.ics", (_req, res) =>
      res.writeHead(302, { location: `https://evil.test:${ics.port}/x.ics` }).end(),
    );
    ics.serve("/not-a-calendar.ics", "<html>Please sign in</html>");
    await addSynced(creator, `${ics.origin}/flaky.ics`);
    await addSynced(creator, `${ics.origin}/to-private.ics`);
    const calendars = await addSynced(creator, `${ics.origin}/not-a-calendar.ics`);
    expect(calendars.map((c) => c.lastError)).toEqual([
      null,
      "evil.test points to a private or local network address; refused",
      expect.stringMatching(/^This is not a readable calendar/),
    ]);
    expect(calendars[0]!.busyCount).toBe(1);
    expect(await freeTimes(creatorId, "2031-06-12")).not.toContain("10:00");

    answer = "broken";
    const before = ics.hits("/flaky.ics");
    await app.deps.jobs.run(AVAILABILITY_JOBS.syncCalendars, {}, clock);
    expect(ics.hits("/flaky.ics")).toBe(before); // fetched less than 15 minutes ago
    clock = new Date(clock.getTime() + 15 * 60_000);
    await app.deps.jobs.run(AVAILABILITY_JOBS.syncCalendars, {}, clock);
    expect(ics.hits("/flaky.ics")).toBe(before + 1);
    const [flaky] = await list(creator);
    expect(flaky).toMatchObject({
      lastError: "The calendar's server answered 500",
      lastAttemptAt: clock.toISOString(),
      busyCount: 1,
    });
    expect(await freeTimes(creatorId, "2031-06-12")).not.toContain("10:00");
  });
});
