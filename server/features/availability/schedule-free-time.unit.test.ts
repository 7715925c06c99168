import { describe, expect, it } from "vitest";
import {
  fits,
  freeTime,
  hasStretch,
  localInstant,
  mergeIntervals,
  type ScheduleRules,
  scheduleIntervals,
} from "./schedule-free-time.ts";

const NY = "America/New_York";
const SYD = "Australia/Sydney";
const rules = (r: Partial<ScheduleRules> = {}): ScheduleRules => ({
  weekly: [],
  overrides: [],
  oneOffs: [],
  minNoticeMinutes: 0,
  bufferMinutes: 0,
  ...r,
});
const everyDay = (start: string, end: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
const iso = (list: { start: Date; end: Date }[]) =>
  list.map((i) => [i.start.toISOString(), i.end.toISOString()]);
const LONG_AGO = new Date("2020-01-01T00:00:00Z");
const free = (
  r: ScheduleRules,
  zone: string,
  date: string,
  extra: Partial<Parameters<typeof freeTime>[0]> = {},
) => iso(freeTime({ rules: r, timeZone: zone, bookings: [], now: LONG_AGO, date, ...extra }));

describe("schedule free time", () => {
  it("gives a creator without any schedule 06:00–23:00 local every day, DST days included", () => {
    expect(free(rules(), NY, "2026-03-08")).toEqual([
      ["2026-03-08T10:00:00.000Z", "2026-03-09T03:00:00.000Z"],
    ]);
    expect(free(rules(), NY, "2026-11-01")).toEqual([
      ["2026-11-01T11:00:00.000Z", "2026-11-02T04:00:00.000Z"],
    ]);
  });

  it("counts real time across the New York spring-forward and fall-back hours", () => {
    // 01:00 EST → 04:00 EDT: two real hours.
    expect(free(rules({ weekly: everyDay("01:00", "04:00") }), NY, "2026-03-08")).toEqual([
      ["2026-03-08T06:00:00.000Z", "2026-03-08T08:00:00.000Z"],
    ]);
    // 00:30 EDT → 02:30 EST: three real hours.
    expect(free(rules({ weekly: everyDay("00:30", "02:30") }), NY, "2026-11-01")).toEqual([
      ["2026-11-01T04:30:00.000Z", "2026-11-01T07:30:00.000Z"],
    ]);
  });

  it("reads hours inside the skipped hour as after it, and a range the change empties as none", () => {
    // 02:30 does not exist on 8 March: read with the old offset, it is 03:30 EDT.
    expect(
      free(rules({ weekly: [{ weekday: 7, start: "02:30", end: "05:00" }] }), NY, "2026-03-08"),
    ).toEqual([["2026-03-08T07:30:00.000Z", "2026-03-08T09:00:00.000Z"]]);
    expect(
      free(rules({ weekly: [{ weekday: 7, start: "02:30", end: "03:00" }] }), NY, "2026-03-08"),
    ).toEqual([]);
  });

  it("keeps a schedule starting at 13:00 at 13:00 local on both transition days", () => {
    const r = rules({ weekly: everyDay("13:00", "17:00") });
    expect(free(r, NY, "2026-03-08")).toEqual([
      ["2026-03-08T17:00:00.000Z", "2026-03-08T21:00:00.000Z"],
    ]);
    expect(free(r, NY, "2026-11-01")).toEqual([
      ["2026-11-01T18:00:00.000Z", "2026-11-01T22:00:00.000Z"],
    ]);
  });

  it("ends the minimum notice at the right local time across the change", () => {
    // 20:00 EST on 7 March + 12 h = 09:00 EDT on 8 March.
    const now = new Date(localInstant("2026-03-07", "20:00", NY));
    const r = rules({ weekly: everyDay("06:00", "22:00"), minNoticeMinutes: 720 });
    expect(free(r, NY, "2026-03-07", { now })).toEqual([]);
    expect(free(r, NY, "2026-03-08", { now })).toEqual([
      ["2026-03-08T13:00:00.000Z", "2026-03-09T02:00:00.000Z"],
    ]);
  });

  it("lets an override near midnight (22:00–24:00) replace the date's weekly hours", () => {
    const r = rules({
      weekly: everyDay("09:00", "17:00"),
      overrides: [{ date: "2026-11-01", start: "22:00", end: "24:00" }],
    });
    expect(free(r, NY, "2026-11-01")).toEqual([
      ["2026-11-02T03:00:00.000Z", "2026-11-02T05:00:00.000Z"],
    ]);
    expect(free(r, NY, "2026-11-02")).toEqual([
      ["2026-11-02T14:00:00.000Z", "2026-11-02T22:00:00.000Z"],
    ]);
  });

  it("handles Sydney's changes (5 April back, 4 October forward)", () => {
    const r = rules({ weekly: everyDay("01:00", "04:00") });
    // 01:00 AEDT → 04:00 AEST: four real hours.
    expect(free(r, SYD, "2026-04-05")).toEqual([
      ["2026-04-04T14:00:00.000Z", "2026-04-04T18:00:00.000Z"],
    ]);
    // 01:00 AEST → 04:00 AEDT: two real hours.
    expect(free(r, SYD, "2026-10-04")).toEqual([
      ["2026-10-03T15:00:00.000Z", "2026-10-03T17:00:00.000Z"],
    ]);
  });

  it("takes bookings out, widened by the buffer on both sides", () => {
    const start = new Date(localInstant("2026-06-10", "10:00", NY));
    const end = new Date(localInstant("2026-06-10", "12:00", NY));
    expect(
      free(rules({ bufferMinutes: 30 }), NY, "2026-06-10", { bookings: [{ start, end }] }),
    ).toEqual([
      ["2026-06-10T10:00:00.000Z", "2026-06-10T13:30:00.000Z"],
      ["2026-06-10T16:30:00.000Z", "2026-06-11T03:00:00.000Z"],
    ]);
  });

  it("adds one-off times; a day off removes the weekly hours; only weekdays with hours count", () => {
    const oneOff = {
      start: new Date(localInstant("2026-12-24", "19:00", NY)),
      end: new Date(localInstant("2026-12-24", "21:00", NY)),
    };
    const r = rules({
      weekly: [{ weekday: 1, start: "09:00", end: "12:00" }],
      overrides: [{ date: "2026-12-21", start: null, end: null }],
      oneOffs: [oneOff],
    });
    expect(free(r, NY, "2026-12-21")).toEqual([]); // Monday, day off
    expect(free(r, NY, "2026-12-28")).toEqual([
      ["2026-12-28T14:00:00.000Z", "2026-12-28T17:00:00.000Z"],
    ]);
    expect(free(r, NY, "2026-12-22")).toEqual([]); // Tuesday: no hours
    expect(free(r, NY, "2026-12-24")).toEqual([
      ["2026-12-25T00:00:00.000Z", "2026-12-25T02:00:00.000Z"],
    ]);
  });

  it("merges touching ranges, so a session may run across them and past midnight", () => {
    const r = rules({
      weekly: [
        ...everyDay("09:00", "12:00"),
        ...everyDay("12:00", "14:00"),
        ...everyDay("22:00", "24:00"),
        ...everyDay("00:00", "02:00"),
      ],
    });
    const list = mergeIntervals(
      scheduleIntervals(r, NY, "2026-06-10"),
      scheduleIntervals(r, NY, "2026-06-11"),
    );
    const at = (d: string, t: string) => new Date(localInstant(d, t, NY));
    expect(fits(list, at("2026-06-10", "10:00"), at("2026-06-10", "14:00"))).toBe(true);
    expect(fits(list, at("2026-06-10", "23:00"), at("2026-06-11", "01:00"))).toBe(true);
    expect(fits(list, at("2026-06-10", "13:00"), at("2026-06-10", "15:00"))).toBe(false);
    expect(hasStretch(list, 300)).toBe(true);
    expect(hasStretch(list, 301)).toBe(false);
  });

  it("names a viewer-independent instant: the result does not depend on the machine's zone", () => {
    const a = free(rules({ weekly: everyDay("09:00", "10:00") }), SYD, "2026-06-10");
    expect(a).toEqual([["2026-06-09T23:00:00.000Z", "2026-06-10T00:00:00.000Z"]]);
  });
});
