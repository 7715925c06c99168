import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { feedCalendar } from "./ics.ts";
import type { FeedBooking } from "./queries.ts";

// The feed as a calendar app reads it: each booking's wall-clock time in the creator's zone,
// turned back into the right instant by the VTIMEZONE the feed carries, on both sides of DST
// changes in the northern and southern hemispheres.

const booking = (id: string, start: string, zone: string, status = "confirmed"): FeedBooking => ({
  id,
  status,
  start_time: new Date(start),
  end_time: new Date(new Date(start).getTime() + 2 * 3_600_000),
  location: "Bondi Beach",
  event_type: "Portrait session",
  updated_at: new Date("2031-01-02T00:00:00Z"),
  created_at: new Date("2031-01-01T00:00:00Z"),
  time_zone: zone,
  creator_name: "Nora Frame",
  client_name: "Cleo Client",
  role: "creator",
  changes: 3,
});

describe("the feed's times across DST", () => {
  it("round-trips bookings before and after each change in Sydney and New York", () => {
    const bookings = [
      booking("a", "2031-04-05T23:00:00Z", "Australia/Sydney"), // Sun 6 Apr 09:00 AEST (+10), after the change
      booking("b", "2031-04-04T23:00:00Z", "Australia/Sydney"), // Sat 5 Apr 10:00 AEDT (+11)
      booking("c", "2031-10-04T23:00:00Z", "Australia/Sydney"), // Sun 5 Oct 10:00 AEDT (+11)
      booking("d", "2031-11-01T14:00:00Z", "America/New_York"), // Sat 10:00 EDT
      booking("e", "2031-11-02T15:00:00Z", "America/New_York", "cancelled"), // Sun 10:00 EST
    ];
    const text = feedCalendar(
      bookings,
      "https://shutterhail.example",
      new Date("2031-03-01T00:00:00Z"),
    );
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(
      calendar.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid")),
    ).toEqual(["Australia/Sydney", "America/New_York"]);
    const events = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    for (const [i, b] of bookings.entries()) {
      const e = events[i]!;
      expect(e.startDate.zone?.tzid).toBe(b.time_zone);
      expect(e.startDate.toJSDate().toISOString()).toBe(b.start_time.toISOString());
      expect(e.endDate.toJSDate().toISOString()).toBe(b.end_time.toISOString());
      expect(e.sequence).toBe(2);
    }
    expect(events.map((e) => e.startDate.toString())).toEqual([
      "2031-04-06T09:00:00",
      "2031-04-05T10:00:00",
      "2031-10-05T10:00:00",
      "2031-11-01T10:00:00",
      "2031-11-02T10:00:00",
    ]);
    expect(events[4]!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(events[0]!.summary).toBe("Portrait session with Cleo Client (ShutterHail)");
    expect(events[0]!.component.getFirstPropertyValue("url")).toBe(
      "https://shutterhail.example/bookings/a",
    );
  });
});
