import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarFeed } from "../../../contracts/calendars.ts";
import { act, bookingParties, type Party, paidBooking } from "../../test/bookings.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// The private booking feed over real HTTP, read back with ical.js as a calendar app would:
// times in the creator's zone with its VTIMEZONE, the address and link, SEQUENCE and
// LAST-MODIFIED moving with each change, CANCELLED when cancelled; the URL replaced or revoked.

let app: TestApp;
let clock = new Date("2031-06-01T12:00:00Z");
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());

const feedCall = async (party: Party, method: string, path = "/api/calendar-feed") => {
  const r = await app.fetch(path, jsonRequest(method, undefined, party.cookie));
  expect(r.status).toBe(200);
  return (await r.json()) as CalendarFeed;
};
/** The feed fetched by its URL with no session, as a calendar app does. */
const fetchFeed = (url: string) => app.fetch(new URL(url).pathname);

async function eventsOf(url: string) {
  const r = await fetchFeed(url);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await r.text()) as unknown[]);
  return calendar
    .getAllSubcomponents("vevent")
    .map((c) => ({ event: new ICAL.Event(c), component: c }));
}
const prop = (c: ICAL.Component, name: string) => c.getFirstPropertyValue(name);

describe("the feed URL", () => {
  it("is refused to the signed out; turning it on twice keeps one URL", async () => {
    for (const [method, path] of [
      ["GET", "/api/calendar-feed"],
      ["PUT", "/api/calendar-feed"],
      ["POST", "/api/calendar-feed/replace"],
      ["DELETE", "/api/calendar-feed"],
    ] as const) {
      expect((await app.fetch(path, jsonRequest(method, undefined))).status).toBe(401);
    }
    const { client } = await bookingParties(app);
    expect(await feedCall(client, "GET")).toEqual({ url: null, createdAt: null });
    const on = await feedCall(client, "PUT");
    expect(on.url).toMatch(new RegExp(`^${app.url}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await feedCall(client, "PUT")).url).toBe(on.url);
    expect((await feedCall(client, "GET")).url).toBe(on.url);
    // Only the token's hash is stored, never the token.
    const row = await app.database.db
      .selectFrom("calendar_feeds")
      .selectAll()
      .where("user_id", "=", client.userId)
      .executeTakeFirstOrThrow();
    const token = on.url!.split("/").at(-1)!.replace(".ics", "");
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("replaced: the old URL stops working; revoked: none works", async () => {
    const { client } = await bookingParties(app);
    const first = await feedCall(client, "PUT");
    const second = await feedCall(client, "POST", "/api/calendar-feed/replace");
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url!)).status).toBe(404);
    expect((await fetchFeed(second.url!)).status).toBe(200);
    expect(await feedCall(client, "DELETE")).toEqual({ url: null, createdAt: null });
    expect((await fetchFeed(second.url!)).status).toBe(404);
    expect((await app.fetch("/calendar/not-a-token.ics")).status).toBe(404);
  });
});

describe("the feed's events", () => {
  it("lists each party's booking in the creator's zone, and follows it to accepted and cancelled", async () => {
    const { creator, creatorId, client } = await bookingParties(app);
    const stranger = await bookingParties(app);
    const id = await paidBooking(app, client, {
      creatorId,
      date: "2031-06-10",
      startTime: "10:00",
      hours: 2,
      location: "1 Ocean Dr, Miami, FL 33139",
    });
    const creatorFeed = (await feedCall(creator, "PUT")).url!;
    const clientFeed = (await feedCall(client, "PUT")).url!;
    const strangerFeed = (await feedCall(stranger.client, "PUT")).url!;

    const [pending] = await eventsOf(creatorFeed);
    const e = pending!.event;
    expect(e.uid).toBe(`booking-${id}@shutterhail`);
    expect(e.startDate.zone?.tzid).toBe("America/New_York");
    expect(e.startDate.toString()).toBe("2031-06-10T10:00:00");
    // The VTIMEZONE the feed carries turns it into the right instant (EDT, UTC−4).
    expect(e.startDate.toJSDate().toISOString()).toBe("2031-06-10T14:00:00.000Z");
    expect(e.endDate.toJSDate().toISOString()).toBe("2031-06-10T16:00:00.000Z");
    expect(e.location).toBe("1 Ocean Dr, Miami, FL 33139");
    expect(prop(pending!.component, "url")).toBe(`${app.url}/bookings/${id}`);
    expect(prop(pending!.component, "status")).toBe("TENTATIVE");
    expect(e.summary).toBe("Photography session with Test User (ShutterHail)");
    const pendingSequence = e.sequence;

    const [asClient] = await eventsOf(clientFeed);
    expect(asClient!.event.uid).toBe(e.uid);
    expect(asClient!.event.summary).toContain("Test Creator");
    expect(await eventsOf(strangerFeed)).toEqual([]);

    clock = new Date("2031-06-01T13:00:00Z");
    expect((await act(app, creator, id, "accept")).status).toBe(200);
    const [accepted] = await eventsOf(creatorFeed);
    expect(prop(accepted!.component, "status")).toBe("CONFIRMED");
    expect(accepted!.event.sequence).toBeGreaterThan(pendingSequence);
    const modified = prop(accepted!.component, "last-modified") as ICAL.Time;
    expect(modified.toJSDate().getTime()).toBeGreaterThan(0);

    expect((await act(app, client, id, "cancel")).status).toBe(200);
    const [cancelled] = await eventsOf(clientFeed);
    expect(prop(cancelled!.component, "status")).toBe("CANCELLED");
    expect(cancelled!.event.sequence).toBeGreaterThan(accepted!.event.sequence);
  });

  it("answers a calendar app's polling, within a limit per feed", async () => {
    const { client } = await bookingParties(app);
    const url = (await feedCall(client, "PUT")).url!;
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) statuses.push((await fetchFeed(url)).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
