import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { isSkippedTime, LocalTimeError, wallClockInstant, zonedInstant } from "./time.ts";

// The one wall-clock policy, in TypeScript and in SQL: every quarter hour of the days the
// clocks change — both changes of the year, in a US zone, two southern-hemisphere ones (one
// moving by half an hour), a half-hour zone and one that changes at midnight — becomes the same
// instant through server/platform/time.ts and through PostgreSQL's `AT TIME ZONE`.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const ZONES = [
  "America/New_York",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "Australia/Adelaide",
  "America/Santiago",
  "Asia/Kolkata",
];

/** The local dates of a zone's DST changes in 2031 (none for a zone without DST). */
function changeDates(timeZone: string): string[] {
  const dates: string[] = [];
  let at: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from({
    timeZone,
    year: 2031,
    month: 1,
    day: 1,
  });
  for (let i = 0; i < 2 && at; i++) {
    at = at.getTimeZoneTransition("next");
    if (at && at.year === 2031) dates.push(at.toPlainDate().toString());
  }
  return dates;
}

const QUARTERS = Array.from({ length: 96 }, (_, i) => {
  const minutes = i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
});

describe("wall-clock time to instant", () => {
  it.each(ZONES)("agrees with PostgreSQL's AT TIME ZONE across %s's DST changes", async (zone) => {
    const dates = changeDates(zone);
    // A zone without DST still gets an ordinary date checked.
    const days = dates.length ? dates : ["2031-03-10"];
    if (zone !== "Asia/Kolkata") expect(dates).toHaveLength(2);
    for (const date of days) {
      const { rows } = await database.pool.query<{ time: string; instant: Date }>(
        `select t as time, (($1::date + t::time)::timestamp at time zone $2) as instant
           from unnest($3::text[]) as t`,
        [date, zone, QUARTERS],
      );
      for (const row of rows) {
        expect(
          wallClockInstant(date, row.time, zone).toISOString(),
          `${zone} ${date} ${row.time}`,
        ).toBe(new Date(row.instant).toISOString());
      }
    }
  });

  it("reads a skipped time after the gap, and a repeated one as the later instant", () => {
    // New York, 2031: the clocks go from 02:00 to 03:00 on 9 March, from 02:00 back to 01:00 on
    // 2 November.
    expect(wallClockInstant("2031-03-09", "02:30", "America/New_York").toISOString()).toBe(
      "2031-03-09T07:30:00.000Z",
    );
    expect(isSkippedTime("2031-03-09", "02:30", "America/New_York")).toBe(true);
    expect(wallClockInstant("2031-11-02", "01:30", "America/New_York").toISOString()).toBe(
      "2031-11-02T06:30:00.000Z",
    );
    expect(isSkippedTime("2031-11-02", "01:30", "America/New_York")).toBe(false);
    // Lord Howe moves by half an hour: 02:00 → 02:30 on 5 October 2031.
    expect(isSkippedTime("2031-10-05", "02:15", "Australia/Lord_Howe")).toBe(true);
    expect(isSkippedTime("2031-10-05", "02:30", "Australia/Lord_Howe")).toBe(false);
  });

  it("refuses a booking start the clocks skip, and a malformed one", () => {
    expect(() => zonedInstant("2031-03-09", "02:30", "America/New_York")).toThrow(LocalTimeError);
    expect(() => zonedInstant("2031-02-30", "10:00", "America/New_York")).toThrow(LocalTimeError);
    expect(zonedInstant("2031-03-09", "03:00", "America/New_York").toISOString()).toBe(
      "2031-03-09T07:00:00.000Z",
    );
  });
});
