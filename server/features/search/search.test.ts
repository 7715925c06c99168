import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QUICK_FILTERS } from "../../../contracts/enums.ts";
import {
  BAD_CURSOR_MESSAGE,
  type CreatorCard,
  type SearchResponse,
  UNKNOWN_ZIP_MESSAGE,
  ZIP_HELP,
} from "../../../contracts/search.ts";
import { createBooking, createCreator } from "../../db/factories.ts";
import { EARTH_RADIUS_MILES } from "../../platform/geo.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { creatorPageQuery, NEAREST_WALK } from "./queries.ts";
import { matchOf } from "./service.ts";

// ZIP 33139 (Miami Beach) is at 25.7873, -80.1564 in the zipcodes table.
const ZIP = "33139";
const ORIGIN = { lat: 25.7873, lng: -80.1564 };
const DEG_PER_MILE = 180 / (Math.PI * EARTH_RADIUS_MILES);
/** A point `miles` due north of the ZIP's centre. */
const north = (miles: number) => ({ lat: ORIGIN.lat + miles * DEG_PER_MILE, lng: ORIGIN.lng });

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.database.db.deleteFrom("bookings").execute();
  await app.database.db.deleteFrom("photographer_profiles").execute();
});

const db = () => app.database.db;

async function search(params: Record<string, string>): Promise<SearchResponse> {
  const response = await app.fetch(`/api/search?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResponse;
}
const names = (r: SearchResponse) => r.items.map((i) => i.name);

async function creatorAt(
  name: string,
  miles: number,
  extra: Parameters<typeof createCreator>[1] = {},
) {
  const { lat, lng } = north(miles);
  return (await createCreator(db(), { fullName: name, lat, lng, ...extra })).profile;
}

describe("GET /api/search", () => {
  it("finds a creator just inside the travel radius and not one just outside", async () => {
    await creatorAt("Inside", 9.95, { travelRadius: 10 });
    await creatorAt("Outside", 10.05, { travelRadius: 10 });
    await creatorAt("Far reach", 40, { travelRadius: 50 });
    await creatorAt("Default radius", 24.9, { travelRadius: null });
    await creatorAt("Beyond default", 25.1, { travelRadius: null });
    const result = await search({ zip: ZIP });
    expect(names(result).sort()).toEqual(["Default radius", "Far reach", "Inside"]);
    expect(result.origin).toEqual({ zip: ZIP, city: "Miami Beach", state: "FL" });
    const inside = result.items.find((i) => i.name === "Inside");
    expect(inside?.distanceMiles).toBeCloseTo(9.95, 1);
  });

  it("orders nearest first, then best rated", async () => {
    const far = await creatorAt("Far", 5);
    const nearLow = await creatorAt("Near low", 1);
    const nearHigh = await creatorAt("Near high", 1);
    await db()
      .updateTable("photographer_profiles")
      .set({ rating_avg: "3.5" })
      .where("id", "=", nearLow.id)
      .execute();
    await db()
      .updateTable("photographer_profiles")
      .set({ rating_avg: "4.9" })
      .where("id", "=", nearHigh.id)
      .execute();
    expect(far).toBeTruthy();
    expect(names(await search({ zip: ZIP }))).toEqual(["Near high", "Near low", "Far"]);
  });

  it("never lists unpublished or unapproved creators", async () => {
    await creatorAt("Listed", 1);
    await creatorAt("Unpublished", 1, { published: false });
    await creatorAt("Unapproved", 1, { approved: false });
    expect(names(await search({ zip: ZIP }))).toEqual(["Listed"]);
    expect(names(await search({}))).toEqual(["Listed"]);
  });

  it("filters by service: the creator's type or a specialty naming the service", async () => {
    await creatorAt("Photo by type", 1, { type: "photographer", specialties: ["Wedding"] });
    await creatorAt("Video by type", 1, { type: "videographer", specialties: ["Event"] });
    await creatorAt("Video who photographs", 1, {
      type: "videographer",
      specialties: ["Photography"],
    });
    await creatorAt("Content", 1, {
      type: "content creator",
      specialties: ["Social Media", "Portrait"],
    });
    const byService = async (service: string) => names(await search({ zip: ZIP, service })).sort();
    expect(await byService("Photography")).toEqual(["Photo by type", "Video who photographs"]);
    expect(await byService("Videography")).toEqual(["Video by type", "Video who photographs"]);
    expect(await byService("Content Creation")).toEqual(["Content"]);
    const byFilter = async (filter: string) => names(await search({ zip: ZIP, filter })).sort();
    const expected: Record<(typeof QUICK_FILTERS)[number], string[]> = {
      Photography: ["Photo by type", "Video who photographs"],
      Videography: ["Video by type", "Video who photographs"],
      "Content Creation": ["Content"],
      Wedding: ["Photo by type"],
      Portrait: ["Content"],
      Event: ["Video by type"],
      "Social Media": ["Content"],
    };
    for (const filter of QUICK_FILTERS) expect(await byFilter(filter)).toEqual(expected[filter]);
    // Service and quick filter together must both hold.
    expect(names(await search({ zip: ZIP, service: "Videography", filter: "Event" }))).toEqual([
      "Video by type",
    ]);
  });

  it("keeps only creators with free time on the chosen date (bookings fill their hours)", async () => {
    const busy = await creatorAt("Busy", 1);
    const cancelled = await creatorAt("Cancelled booking", 2);
    const evening = await creatorAt("Booked after hours", 3);
    const morning = await creatorAt("Booked in the morning", 4);
    await creatorAt("Free", 5);
    // Creators without a schedule work 06:00-23:00 New York time: 10:00-03:00 UTC (EDT).
    // Busy is booked 06:00-18:00 and 18:00-23:00: no free hour is left that day.
    await createBooking(db(), {
      creatorProfileId: busy.id,
      startTime: new Date("2031-03-10T10:00:00Z"),
      hours: 12,
      status: "confirmed",
    });
    await createBooking(db(), {
      creatorProfileId: busy.id,
      startTime: new Date("2031-03-10T22:00:00Z"),
      hours: 5,
      status: "pending",
    });
    await createBooking(db(), {
      creatorProfileId: cancelled.id,
      startTime: new Date("2031-03-10T10:00:00Z"),
      hours: 12,
      status: "cancelled",
    });
    // 23:30-01:30 New York time: outside the 06:00-23:00 hours.
    await createBooking(db(), {
      creatorProfileId: evening.id,
      startTime: new Date("2031-03-11T03:30:00Z"),
      status: "pending",
    });
    // 10:00-12:00: the rest of the day is still free.
    await createBooking(db(), {
      creatorProfileId: morning.id,
      startTime: new Date("2031-03-10T14:00:00Z"),
      status: "confirmed",
    });
    expect(names(await search({ zip: ZIP, date: "2031-03-10" }))).toEqual([
      "Cancelled booking",
      "Booked after hours",
      "Booked in the morning",
      "Free",
    ]);
    expect(names(await search({ zip: ZIP, date: "2031-03-11" }))).toHaveLength(5);
    expect(names(await search({ zip: ZIP }))).toHaveLength(5);
  });

  it("pages a date's free creators exactly: each once, in order, the booked never", async () => {
    // The page's disc re-reads the nearest walk's creators without testing their free time
    // again (they passed it in the same statement); the others are tested there.
    const free: string[] = [];
    for (let i = 0; i < 9; i++) {
      const profile = await creatorAt(`D${i}`, 1 + i * 0.5, { travelRadius: i === 4 ? 1 : 25 });
      if (i % 3 === 1) {
        // 06:00-23:00 New York time, the whole of a day without a schedule.
        for (const [start, hours] of [
          ["2031-03-10T10:00:00Z", 12],
          ["2031-03-10T22:00:00Z", 5],
        ] as const) {
          await createBooking(db(), {
            creatorProfileId: profile.id,
            startTime: new Date(start),
            hours,
            status: "confirmed",
          });
        }
      } else if (i !== 4) free.push(`D${i}`);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchResponse = await search({
        zip: ZIP,
        date: "2031-03-10",
        limit: "2",
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...names(page));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 20);
    expect(seen).toEqual(free);
    expect(names(await search({ zip: ZIP, date: "2031-03-10", limit: "3" }))).toEqual(
      free.slice(0, 3),
    );
  });

  it("goes past the first walk's nearest creators when none of them reach the point", async () => {
    await creatorAt("Near", 5, { travelRadius: 10 });
    // Nearer than Far but out of reach: the first walk reads them all and finds none.
    for (let i = 0; i < NEAREST_WALK; i++) {
      await creatorAt(`Short reach ${i}`, 12 + (i % 20) * 0.1, { travelRadius: 10 });
    }
    await creatorAt("Far", 30, { travelRadius: 50 });
    expect(names(await search({ zip: ZIP }))).toEqual(["Near", "Far"]);
  });

  it("pages with no duplicate or missing result while creators are added between pages", async () => {
    const original = [];
    for (let i = 0; i < 23; i++) original.push((await creatorAt(`C${i}`, 1 + (i % 8) * 0.5)).id);
    const seen: CreatorCard[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const page: SearchResponse = await search({
        zip: ZIP,
        limit: "5",
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items);
      cursor = page.nextCursor;
      // Someone nearer (already passed) and someone farther (still ahead) join mid-way.
      await creatorAt(`Near${round}`, 0.1);
      await creatorAt(`Far${round}`, 20);
      round += 1;
    } while (cursor && round < 20);
    const ids = seen.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of original) expect(ids).toContain(id);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      const ordered =
        a.distanceMiles! < b.distanceMiles! ||
        (a.distanceMiles === b.distanceMiles &&
          (a.rating > b.rating || (a.rating === b.rating && a.id < b.id)));
      expect(ordered).toBe(true);
    }
  });

  it("answers malformed and unknown ZIPs, bad dates and cursors with 400 and the message", async () => {
    for (const zip of ["3313", "331390", "3313a", ""]) {
      const response = await app.fetch(`/api/search?zip=${zip}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toContain(ZIP_HELP);
    }
    const unknown = await app.fetch("/api/search?zip=00000");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: { code: "bad_request", message: UNKNOWN_ZIP_MESSAGE },
    });
    expect((await app.fetch("/api/search?zip=33139&date=2031-02-30")).status).toBe(400);
    expect((await app.fetch("/api/search?zip=33139&date=2001-01-01")).status).toBe(400);
    expect((await app.fetch("/api/search?zip=33139&service=Cooking")).status).toBe(400);
    const cursor = await app.fetch("/api/search?zip=33139&cursor=not-a-cursor");
    expect(cursor.status).toBe(400);
  });

  it("answers every crafted cursor with 400 and the one error shape, never 500", async () => {
    await createCreator(db(), ORIGIN);
    const id = "7f1c2a52-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
    const b64 = (text: string) => Buffer.from(text).toString("base64url");
    const crafted = {
      "bad base64": "%%%***",
      "base64 of bad JSON": b64("[1, 2,"),
      "base64 of not an array": b64(`{"distance":1,"rating":2,"id":"${id}"}`),
      "base64 of null": b64("null"),
      "wrong types": b64(`["1", "2", "${id}"]`),
      "id not a string": b64("[1, 2, 3]"),
      "NaN distance": b64(`[NaN, 2, "${id}"]`),
      "NaN as a string": b64(`["NaN", 2, "${id}"]`),
      "huge distance": b64(`[1e308, 2, "${id}"]`),
      "infinite distance": b64(`[1e400, 2, "${id}"]`),
      "negative distance": b64(`[-5, 2, "${id}"]`),
      "huge rating": b64(`[1, 1e300, "${id}"]`),
      "non-UUID id of UUID length": b64(`[1, 2, "${"-".repeat(36)}"]`),
      "non-UUID id": b64('[1, 2, "not-a-uuid"]'),
      "too few fields": b64("[1, 2]"),
      "extra fields": b64(`[1, 2, "${id}", "extra"]`),
    };
    const answers: Record<string, unknown> = {};
    for (const [name, cursor] of Object.entries(crafted)) {
      for (const zip of [ZIP, undefined]) {
        const params = new URLSearchParams({ ...(zip ? { zip } : {}), cursor });
        const response = await app.fetch(`/api/search?${params}`);
        answers[`${name}${zip ? " near a ZIP" : ""}`] = [response.status, await response.json()];
      }
    }
    const refused = [400, { error: { code: "bad_request", message: BAD_CURSOR_MESSAGE } }];
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((k) => [k, refused])));
  });

  it("plans a search generically from its first run on PostgreSQL (PGlite: as any statement)", async () => {
    await creatorAt("Ana", 1);
    expect(names(await search({ zip: ZIP, service: "Videography", filter: "Event" }))).toEqual([]);
    expect(names(await search({ zip: ZIP }))).toEqual(["Ana"]);
    // The pool hands back the connection the searches just released.
    const client = await app.database.genericPlanPool().connect();
    try {
      const { rows } = await client.query<{ mode: string; custom: number; generic: number }>(
        `select current_setting('plan_cache_mode') as mode,
           coalesce(sum(custom_plans), 0)::int as custom, coalesce(sum(generic_plans), 0)::int as generic
         from pg_prepared_statements where name like 'search\\_%'`,
      );
      const row = rows[0]!;
      if (app.database.kind === "postgres") {
        expect([row.mode, row.custom]).toEqual(["force_generic_plan", 0]);
        expect(row.generic).toBeGreaterThanOrEqual(2);
      } else {
        // PGlite is one session: its default mode plans the first runs with their values.
        expect([row.mode, row.custom >= 2]).toEqual(["auto", true]);
      }
    } finally {
      client.release();
    }
  });

  it("walks the partial index of each service and quick filter (migration 050)", async () => {
    const client = await app.database.pool.connect();
    try {
      // As in production: a prepared statement's generic plan, which knows no parameter values.
      // A handful of test rows would never make an index worth it to the planner: ask for one.
      await client.query("set plan_cache_mode = force_generic_plan");
      await client.query("set enable_seqscan = off");
      await client.query("set enable_bitmapscan = off");
      for (const [i, filter] of QUICK_FILTERS.entries()) {
        const query = creatorPageQuery(app.database, {
          point: ORIGIN,
          services: [matchOf(filter)],
          freeOn: null,
          after: null,
          limit: 13,
        });
        await client.query(`prepare filtered_${i} as ${query.sql}`);
        const values = query.parameters.map((v) => `'${String(v)}'`).join(", ");
        const { rows } = await client.query(`explain execute filtered_${i}(${values})`);
        await client.query(`deallocate filtered_${i}`);
        const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        const slug = filter.toLowerCase().replace(/ /g, "_");
        expect(plan).toContain(`photographer_profiles_listed_${slug}_idx`);
      }
    } finally {
      await client.query("reset all");
      client.release();
    }
  });
});
