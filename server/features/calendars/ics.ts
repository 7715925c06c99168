import ICAL from "ical.js";
import { localDateTime, vtimezoneLines } from "../../platform/time.ts";
import type { FeedBooking } from "./queries.ts";

// A person's bookings as an RFC 5545 calendar, written with ical.js: each booking one VEVENT
// (UID = the booking, stable), its times in the creator's zone (TZID with a VTIMEZONE written
// from the runtime's zone data), the address, a link to the booking, SEQUENCE = how often its
// status changed and LAST-MODIFIED, so calendar apps replace the event when it changes;
// cancelled, declined and expired bookings stay as STATUS:CANCELLED so apps remove them.

const STATUS: Record<string, string> = {
  pending: "TENTATIVE",
  confirmed: "CONFIRMED",
  completed: "CONFIRMED",
  cancelled: "CANCELLED",
  declined: "CANCELLED",
  expired: "CANCELLED",
};

const STATUS_WORDS: Record<string, string> = {
  pending: "Requested, waiting for the creator",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
  declined: "Declined",
  expired: "Expired",
};

/** An ICAL date-time in `zone`'s wall-clock, marked with its TZID. */
function zonedProperty(name: string, instant: Date, zone: string): ICAL.Property {
  const property = new ICAL.Property(name);
  property.setParameter("tzid", zone);
  property.setValue(ICAL.Time.fromDateTimeString(localDateTime(instant, zone)));
  return property;
}

const utc = (instant: Date) => ICAL.Time.fromJSDate(instant, true);

function eventOf(b: FeedBooking, origin: string, now: Date): ICAL.Component {
  const event = new ICAL.Component("vevent");
  const other = b.role === "creator" ? b.client_name : b.creator_name;
  const what = b.event_type ?? "Session";
  event.addPropertyWithValue("uid", `booking-${b.id}@shutterhail`);
  event.addPropertyWithValue("dtstamp", utc(now));
  event.addProperty(zonedProperty("dtstart", new Date(b.start_time), b.time_zone));
  event.addProperty(zonedProperty("dtend", new Date(b.end_time), b.time_zone));
  event.addPropertyWithValue("summary", `${what} with ${other} (ShutterHail)`);
  event.addPropertyWithValue("location", b.location);
  const link = `${origin}/bookings/${b.id}`;
  event.addPropertyWithValue("url", link);
  event.addPropertyWithValue(
    "description",
    `${STATUS_WORDS[b.status] ?? b.status}. Details: ${link}`,
  );
  event.addPropertyWithValue("status", STATUS[b.status] ?? "TENTATIVE");
  event.addPropertyWithValue("sequence", Math.max(0, b.changes - 1));
  event.addPropertyWithValue("created", utc(new Date(b.created_at)));
  event.addPropertyWithValue("last-modified", utc(new Date(b.updated_at)));
  return event;
}

export function feedCalendar(bookings: FeedBooking[], origin: string, now: Date): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", "-//ShutterHail//Bookings//EN");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", "ShutterHail bookings");
  // Calendar apps that honour it poll hourly.
  calendar
    .addPropertyWithValue("refresh-interval", ICAL.Duration.fromString("PT1H"))
    .setParameter("value", "DURATION");
  const years = bookings.map((b) => new Date(b.start_time).getUTCFullYear());
  for (const zone of new Set(bookings.map((b) => b.time_zone))) {
    const lines = vtimezoneLines(zone, Math.min(...years) - 1, Math.max(...years) + 1);
    calendar.addSubcomponent(new ICAL.Component(ICAL.parse(lines.join("\r\n")) as unknown[]));
  }
  for (const booking of bookings) calendar.addSubcomponent(eventOf(booking, origin, now));
  return calendar.toString();
}
