import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coarseCoordinate } from "../../../contracts/availability.ts";
import { EVENTS_PATH } from "../../../contracts/realtime.ts";
import type { MapResponse } from "../../../contracts/search.ts";
import { createCreator, createReview } from "../../db/factories.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.database.db.deleteFrom("photographer_profiles").execute();
});
const db = () => app.database.db;

async function map(query = ""): Promise<MapResponse> {
  const response = await app.fetch(`/api/map/creators${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MapResponse;
}

/** Reads the SSE stream until `count` presence events arrived (or 5 s passed). */
async function presenceEvents(trigger: () => Promise<void>, count: number) {
  const controller = new AbortController();
  const response = await app.fetch(EVENTS_PATH, { signal: controller.signal });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const events: unknown[] = [];
  const deadline = Date.now() + 5000;
  let triggered = false;
  while (events.length < count && Date.now() < deadline) {
    const { value, done } = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((r) =>
        setTimeout(() => r({ value: undefined, done: true }), deadline - Date.now()),
      ),
    ]);
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!triggered && text.includes("event: ready")) {
      triggered = true;
      await trigger();
    }
    const blocks = text.split("\n\n");
    text = blocks.pop() ?? "";
    for (const block of blocks) {
      if (!block.includes("event: presence")) continue;
      const data = block.split("\n").find((l) => l.startsWith("data:"));
      if (data) events.push(JSON.parse(data.slice(5)));
    }
  }
  controller.abort();
  return events;
}

describe("map", () => {
  it("lists listed creators with a live position inside the bounds, with computed stats", async () => {
    const a = await createCreator(db(), {
      fullName: "Online A",
      availableNow: true,
      lat: 25.7,
      lng: -80.2,
    });
    const b = await createCreator(db(), {
      fullName: "Online B",
      availableNow: true,
      lat: 25.8,
      lng: -80.2,
    });
    await createCreator(db(), { fullName: "No position", availableNow: false });
    await createCreator(db(), { fullName: "Hidden", availableNow: true, published: false });
    await createCreator(db(), { fullName: "Unapproved", availableNow: true, approved: false });
    await createCreator(db(), { fullName: "New York", availableNow: true, lat: 40.7, lng: -74 });
    await createReview(db(), { creatorProfileId: a.profile.id, rating: 5 });
    await createReview(db(), { creatorProfileId: b.profile.id, rating: 4 });
    // Offline but with a last known position: shown grey, not counted.
    const c = await createCreator(db(), {
      fullName: "Offline C",
      availableNow: true,
      lat: 25.75,
      lng: -80.3,
    });
    await db()
      .updateTable("photographer_profiles")
      .set({ available_now: false })
      .where("id", "=", c.profile.id)
      .execute();

    const result = await map("?lat=25.7&lng=-80.2");
    expect(result.creators.map((x) => x.name).sort()).toEqual([
      "Offline C",
      "Online A",
      "Online B",
    ]);
    expect(result.stats.availableCount).toBe(2);
    expect(result.stats.avgRating).toBe(4.5);
    // B is 0.1° of latitude (~6.9 mi) away, A is here: average ~3.5 mi.
    expect(result.stats.avgDistanceMiles).toBeCloseTo(3.5, 0);
    // Each marker says how far, as a band, from its snapped position.
    expect(result.creators.find((x) => x.name === "Online B")?.distanceBand).toBe("5–10 mi");
    expect(result.creators.find((x) => x.name === "Online A")?.distanceBand).toBe("Under 1 mi");
    expect((await map()).stats.avgDistanceMiles).toBeNull();
  });

  it("rejects coordinates out of range", async () => {
    expect((await app.fetch("/api/map/creators?lat=91&lng=0")).status).toBe(400);
  });

  it("pushes presence when a creator goes online, moves or goes offline, and hides unlisted positions", async () => {
    const listed = await createCreator(db(), { fullName: "Mover" });
    const hidden = await createCreator(db(), { fullName: "Hidden", published: false });
    const events = await presenceEvents(async () => {
      const set = (id: string, values: Record<string, unknown>) =>
        db().updateTable("photographer_profiles").set(values).where("id", "=", id).execute();
      await set(listed.profile.id, { travel_lat: 25.7, travel_lng: -80.2, available_now: true });
      await set(hidden.profile.id, { travel_lat: 25.71, travel_lng: -80.21, available_now: true });
      await set(listed.profile.id, { bio: "unrelated change" });
      await set(listed.profile.id, { travel_lat: 25.72 });
      await set(listed.profile.id, { available_now: false });
    }, 4);
    // Positions go out snapped to the presence grid (migration 090), never exact.
    const [lat0, lat1, lng] = [
      coarseCoordinate(25.7),
      coarseCoordinate(25.72),
      coarseCoordinate(-80.2),
    ];
    expect([lat0, lat1, lng]).toEqual([25.7025, 25.7225, -80.1975]);
    expect(events).toEqual([
      {
        id: listed.profile.id,
        listed: true,
        lat: lat0,
        lng,
        availableNow: true,
        liveTracked: true,
      },
      {
        id: hidden.profile.id,
        listed: false,
        lat: null,
        lng: null,
        availableNow: false,
        liveTracked: true,
      },
      {
        id: listed.profile.id,
        listed: true,
        lat: lat1,
        lng,
        availableNow: true,
        liveTracked: true,
      },
      {
        id: listed.profile.id,
        listed: true,
        lat: lat1,
        lng,
        availableNow: false,
        liveTracked: true,
      },
    ]);
  });
});
