import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coarseCoordinate,
  type PresenceState,
  STAY_AREA_NOT_FOUND_MESSAGE,
  STAY_NO_POSITION_MESSAGE,
  STAY_UNTIL_PAST_MESSAGE,
  STAY_UNTIL_TOO_FAR_MESSAGE,
} from "../../../contracts/availability.ts";
import type { HailQuote } from "../../../contracts/hail.ts";
import type { MapResponse } from "../../../contracts/search.ts";
import { geocodePlace } from "../../platform/geo.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import { eventsOf, hailClient, lastEventId, onlineCreator } from "../../test/hail.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { sweepPresence } from "./service.ts";

// Available for hails with no tab open (issue 25): until a chosen time, at an area or the last
// position; the sweep leaves such a creator on without heartbeats, hails match them, the map
// shows them on the usual grid marked not live-tracked, and the chosen time ends it.

// Far from the real date: queued jobs due in real time would otherwise run against this clock.
const START = new Date("2030-11-23T15:00:00Z");
let clock = START;
let app: TestApp;
let region = 0;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());

const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const stay = (cookie: string | undefined, body: unknown) =>
  app.fetch("/api/availability/stay-available", {
    ...jsonRequest("POST", body, cookie),
    headers: {
      origin: app.url,
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
    },
  });

async function errorOf(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

const post = (path: string, cookie: string) =>
  app.fetch(`/api/availability/${path}`, {
    ...jsonRequest("POST", {}, cookie),
    headers: { origin: app.url, "content-type": "application/json", cookie },
  });

/** A listed creator who went offline at `at`, their last position (a fresh region per test,
 * inside the map's bounds, 25+ miles from the others). */
async function offlineCreator(at?: { lat: number; lng: number }) {
  region += 1;
  const base = at ?? { lat: 24.5 + region * 0.4, lng: -81.5 };
  const creator = await onlineCreator(app, { base, seenAt: null });
  expect((await post("offline", creator.cookie)).status).toBe(200);
  return { ...creator, base };
}

async function onMap(profileId: string) {
  const response = await app.fetch("/api/map/creators");
  expect(response.status).toBe(200);
  return ((await response.json()) as MapResponse).creators.find((c) => c.id === profileId);
}

async function reachable(point: { lat: number; lng: number }) {
  const client = await hailClient(app);
  const response = await app.fetch(
    `/api/hails/quote?service=Photography&hours=2&lat=${point.lat}&lng=${point.lng}&radiusMiles=10`,
    { headers: { cookie: client.cookie } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as HailQuote).creatorsAvailable;
}

describe("staying available without a tab", () => {
  it("is for creators only, and refuses a time past, too far, an unknown area or no position", async () => {
    clock = START;
    expect((await stay(undefined, { until: minutes(60).toISOString() })).status).toBe(401);
    const client = await createVerifiedUser(app);
    expect((await stay(client.cookie, { until: minutes(60).toISOString() })).status).toBe(403);

    const me = await offlineCreator();
    expect(await errorOf(await stay(me.cookie, { until: minutes(-5).toISOString() }))).toBe(
      STAY_UNTIL_PAST_MESSAGE,
    );
    expect(await errorOf(await stay(me.cookie, { until: minutes(17 * 60).toISOString() }))).toBe(
      STAY_UNTIL_TOO_FAR_MESSAGE,
    );
    const unknown = { until: minutes(60).toISOString(), place: "Nowhere, ZZ" };
    expect(await errorOf(await stay(me.cookie, unknown))).toBe(STAY_AREA_NOT_FOUND_MESSAGE);
    expect((await stay(me.cookie, { until: "6 PM" })).status).toBe(400);

    const nowhere = await onlineCreator(app, { base: { lat: 31, lng: -96 }, seenAt: null });
    await app.database.db
      .updateTable("photographer_profiles")
      .set({ travel_lat: null, travel_lng: null, available_now: false })
      .where("id", "=", nowhere.profileId)
      .execute();
    expect(await errorOf(await stay(nowhere.cookie, { until: minutes(60).toISOString() }))).toBe(
      STAY_NO_POSITION_MESSAGE,
    );
  });

  it("keeps the creator hailable with no heartbeat until the chosen time, at the area picked, shown coarse and not live-tracked", async () => {
    clock = START;
    const area = geocodePlace("33139")!;
    const me = await offlineCreator({ lat: area.lat + 0.05, lng: area.lng });
    const before = await lastEventId(app);
    const response = await stay(me.cookie, { until: minutes(120).toISOString(), place: "33139" });
    expect(response.status).toBe(200);
    expect((await response.json()) as PresenceState).toMatchObject({
      online: true,
      position: { lat: area.lat, lng: area.lng },
      availableUntil: minutes(120).toISOString(),
    });
    expect(await onMap(me.profileId)).toMatchObject({
      availableNow: true,
      liveTracked: false,
      lat: coarseCoordinate(area.lat),
      lng: coarseCoordinate(area.lng),
    });
    const events = (await eventsOf(app, "presence", before)).map((e) => e.payload);
    expect(events).toContainEqual({
      id: me.profileId,
      listed: true,
      lat: coarseCoordinate(area.lat),
      lng: coarseCoordinate(area.lng),
      availableNow: true,
      liveTracked: false,
    });

    // An hour later, no tab has heartbeated: the sweep leaves them on; a hail nearby finds them.
    clock = minutes(60);
    expect(await sweepPresence(app.deps, clock)).not.toContain(me.profileId);
    expect(await reachable(area)).toBeGreaterThanOrEqual(1);

    // The chosen time passes: the sweep turns them offline, and the map is as before.
    clock = minutes(121);
    expect(await sweepPresence(app.deps, clock)).toContain(me.profileId);
    expect(await onMap(me.profileId)).toMatchObject({ availableNow: false, liveTracked: true });
    expect(await reachable(area)).toBe(0);
    clock = START;
  });

  it("at the last position when no area is given; with a tab open past the time it goes back to live presence", async () => {
    clock = START;
    const me = await offlineCreator();
    const stayed = await stay(me.cookie, { until: minutes(30).toISOString() });
    expect(((await stayed.json()) as PresenceState).position).toEqual(me.base);

    clock = minutes(31);
    expect((await post("heartbeat", me.cookie)).status).toBe(200);
    expect(await sweepPresence(app.deps, clock)).not.toContain(me.profileId);
    expect(await onMap(me.profileId)).toMatchObject({ availableNow: true, liveTracked: true });
    const state = (await (
      await app.fetch("/api/availability/presence", { headers: { cookie: me.cookie } })
    ).json()) as PresenceState;
    expect(state).toMatchObject({ online: true, availableUntil: null });
    clock = START;
  });

  it("ends when the creator goes offline", async () => {
    clock = START;
    const me = await offlineCreator();
    expect((await stay(me.cookie, { until: minutes(90).toISOString() })).status).toBe(200);
    const offline = await post("offline", me.cookie);
    expect(((await offline.json()) as PresenceState).availableUntil).toBeNull();
    expect(await onMap(me.profileId)).toMatchObject({ availableNow: false, liveTracked: true });
    expect(await reachable(me.base)).toBe(0);
  });
});
