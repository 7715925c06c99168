import { describe, expect, it } from "vitest";
import { busyTimes, CalendarParseError } from "./calendar-busy.ts";

// External calendars' busy times read with ical.js: recurrences across both DST changes in a
// northern and a southern zone, exceptions, overrides, all-day and free events.

const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...events, "END:VCALENDAR"].join("\r\n");
const event = (...lines: string[]) =>
  ["BEGIN:VEVENT", "DTSTAMP:20310101T000000Z", ...lines, "END:VEVENT"].join("\r\n");
const iso = (spans: { start: Date; end: Date }[]) =>
  spans.map((s) => [s.start.toISOString(), s.end.toISOString()]);
const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });

describe("recurring events across DST", () => {
  it("keeps a weekly 9:00 New York meeting at 9:00 local across the March change", () => {
    const text = calendar(
      event(
        "UID:weekly-ny",
        "DTSTART;TZID=America/New_York:20310301T090000",
        "DTEND;TZID=America/New_York:20310301T100000",
        "RRULE:FREQ=WEEKLY;COUNT=4",
      ),
    );
    // US DST starts 9 March 2031: EST (-5) before, EDT (-4) after.
    expect(
      iso(busyTimes(text, window("2031-02-01T00:00:00Z", "2031-04-30T00:00:00Z"), "UTC")),
    ).toEqual([
      ["2031-03-01T14:00:00.000Z", "2031-03-01T15:00:00.000Z"],
      ["2031-03-08T14:00:00.000Z", "2031-03-08T15:00:00.000Z"],
      ["2031-03-15T13:00:00.000Z", "2031-03-15T14:00:00.000Z"],
      ["2031-03-22T13:00:00.000Z", "2031-03-22T14:00:00.000Z"],
    ]);
  });

  it("keeps a daily 8:00 Sydney session at 8:00 local across April's change (southern autumn)", () => {
    const text = calendar(
      event(
        "UID:daily-syd",
        "DTSTART;TZID=Australia/Sydney:20310404T080000",
        "DURATION:PT30M",
        "RRULE:FREQ=DAILY;UNTIL=20310407T000000Z",
      ),
    );
    // Sydney leaves daylight time on Sunday 6 April 2031: AEDT (+11) before, AEST (+10) after.
    expect(
      iso(busyTimes(text, window("2031-04-01T00:00:00Z", "2031-04-30T00:00:00Z"), "UTC")),
    ).toEqual([
      ["2031-04-03T21:00:00.000Z", "2031-04-03T21:30:00.000Z"],
      ["2031-04-04T21:00:00.000Z", "2031-04-04T21:30:00.000Z"],
      ["2031-04-05T22:00:00.000Z", "2031-04-05T22:30:00.000Z"],
      ["2031-04-06T22:00:00.000Z", "2031-04-06T22:30:00.000Z"],
    ]);
  });

  it("reads a VTIMEZONE of Outlook's own name (no IANA id) with the file's rules", () => {
    const text = calendar(
      [
        "BEGIN:VTIMEZONE",
        "TZID:Eastern Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16010101T020000",
        "TZOFFSETFROM:-0400",
        "TZOFFSETTO:-0500",
        "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:16010101T020000",
        "TZOFFSETFROM:-0500",
        "TZOFFSETTO:-0400",
        "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
      ].join("\r\n"),
      event(
        "UID:outlook",
        "DTSTART;TZID=Eastern Standard Time:20311030T090000",
        "DTEND;TZID=Eastern Standard Time:20311030T100000",
        "RRULE:FREQ=WEEKLY;COUNT=2",
      ),
    );
    // US DST ends 2 November 2031.
    expect(
      iso(busyTimes(text, window("2031-10-01T00:00:00Z", "2031-12-01T00:00:00Z"), "UTC")),
    ).toEqual([
      ["2031-10-30T13:00:00.000Z", "2031-10-30T14:00:00.000Z"],
      ["2031-11-06T14:00:00.000Z", "2031-11-06T15:00:00.000Z"],
    ]);
  });
});

describe("exceptions and overrides", () => {
  const series = (...extra: string[]) =>
    event(
      "UID:standup",
      "DTSTART;TZID=America/New_York:20310602T100000",
      "DTEND;TZID=America/New_York:20310602T110000",
      "RRULE:FREQ=DAILY;COUNT=5",
      ...extra,
    );

  it("leaves out EXDATEs and applies RECURRENCE-ID overrides (moved, cancelled)", () => {
    const text = calendar(
      series("EXDATE;TZID=America/New_York:20310603T100000"),
      event(
        "UID:standup",
        "RECURRENCE-ID;TZID=America/New_York:20310604T100000",
        "DTSTART;TZID=America/New_York:20310604T150000",
        "DTEND;TZID=America/New_York:20310604T160000",
      ),
      event(
        "UID:standup",
        "RECURRENCE-ID;TZID=America/New_York:20310605T100000",
        "DTSTART;TZID=America/New_York:20310605T100000",
        "DTEND;TZID=America/New_York:20310605T110000",
        "STATUS:CANCELLED",
      ),
    );
    expect(
      iso(busyTimes(text, window("2031-06-01T00:00:00Z", "2031-06-30T00:00:00Z"), "UTC")),
    ).toEqual([
      ["2031-06-02T14:00:00.000Z", "2031-06-02T15:00:00.000Z"],
      ["2031-06-04T19:00:00.000Z", "2031-06-04T20:00:00.000Z"],
      ["2031-06-06T14:00:00.000Z", "2031-06-06T15:00:00.000Z"],
    ]);
  });

  it("counts an override moved into the window from an occurrence beyond it", () => {
    const text = calendar(
      series(),
      event(
        "UID:standup",
        "RECURRENCE-ID;TZID=America/New_York:20310606T100000",
        "DTSTART;TZID=America/New_York:20310602T180000",
        "DTEND;TZID=America/New_York:20310602T190000",
      ),
    );
    const spans = busyTimes(text, window("2031-06-02T00:00:00Z", "2031-06-03T00:00:00Z"), "UTC");
    expect(iso(spans)).toEqual([
      ["2031-06-02T14:00:00.000Z", "2031-06-02T15:00:00.000Z"],
      ["2031-06-02T22:00:00.000Z", "2031-06-02T23:00:00.000Z"],
    ]);
  });
});

describe("all-day, floating, free and cancelled events", () => {
  it("reads all-day dates and floating times in the creator's zone, across a DST day", () => {
    const text = calendar(
      event("UID:trip", "DTSTART;VALUE=DATE:20310309", "DTEND;VALUE=DATE:20310311"),
      event("UID:floating", "DTSTART:20310315T120000", "DTEND:20310315T130000"),
      event("UID:one-day", "DTSTART;VALUE=DATE:20310320"),
    );
    expect(
      iso(
        busyTimes(text, window("2031-03-01T00:00:00Z", "2031-04-01T00:00:00Z"), "America/Chicago"),
      ),
    ).toEqual([
      // 9 March is 23 hours long in Chicago.
      ["2031-03-09T06:00:00.000Z", "2031-03-11T05:00:00.000Z"],
      ["2031-03-15T17:00:00.000Z", "2031-03-15T18:00:00.000Z"],
      ["2031-03-20T05:00:00.000Z", "2031-03-21T05:00:00.000Z"],
    ]);
  });

  it("ignores TRANSP:TRANSPARENT and cancelled events, whole series included", () => {
    const text = calendar(
      event("UID:free", "DTSTART:20310601T140000Z", "DTEND:20310601T150000Z", "TRANSP:TRANSPARENT"),
      event("UID:off", "DTSTART:20310601T160000Z", "DTEND:20310601T170000Z", "STATUS:CANCELLED"),
      event(
        "UID:free-series",
        "DTSTART:20310601T180000Z",
        "DTEND:20310601T190000Z",
        "RRULE:FREQ=DAILY;COUNT=3",
        "TRANSP:TRANSPARENT",
      ),
      event("UID:busy", "DTSTART:20310601T200000Z", "DTEND:20310601T210000Z", "TRANSP:OPAQUE"),
    );
    expect(
      iso(busyTimes(text, window("2031-06-01T00:00:00Z", "2031-06-05T00:00:00Z"), "UTC")),
    ).toEqual([["2031-06-01T20:00:00.000Z", "2031-06-01T21:00:00.000Z"]]);
  });

  it("clips to the window, merges overlaps and stops an endless rule at the window's end", () => {
    const text = calendar(
      event(
        "UID:forever",
        "DTSTART:20200101T100000Z",
        "DTEND:20200101T120000Z",
        "RRULE:FREQ=DAILY",
      ),
      event("UID:overlap", "DTSTART:20310601T110000Z", "DTEND:20310601T130000Z"),
    );
    expect(
      iso(busyTimes(text, window("2031-06-01T11:30:00Z", "2031-06-02T11:00:00Z"), "UTC")),
    ).toEqual([
      ["2031-06-01T11:30:00.000Z", "2031-06-01T13:00:00.000Z"],
      ["2031-06-02T10:00:00.000Z", "2031-06-02T11:00:00.000Z"],
    ]);
  });

  it("refuses what is not a calendar", () => {
    const w = window("2031-06-01T00:00:00Z", "2031-06-02T00:00:00Z");
    expect(() => busyTimes("<html>Sign in</html>", w, "UTC")).toThrow(CalendarParseError);
    expect(() => busyTimes("BEGIN:VCARD\r\nEND:VCARD", w, "UTC")).toThrow(CalendarParseError);
  });
});
