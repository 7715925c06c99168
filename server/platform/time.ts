import { Temporal } from "temporal-polyfill";

// Wall-clock times and instants. Booking times are the creator's wall-clock times in their IANA
// zone, stored as instants. Temporal does the DST arithmetic: a local time that a clock change
// skips is refused rather than silently moved, and one it repeats takes the earlier instant.

export class LocalTimeError extends Error {}

/** The instant of `date` (YYYY-MM-DD) at `time` (HH:MM) in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  let local: Temporal.PlainDateTime;
  try {
    local = Temporal.PlainDateTime.from(`${date}T${time}`);
  } catch {
    throw new LocalTimeError("Pick a valid date and start time");
  }
  try {
    const zoned = local.toZonedDateTime(timeZone, { disambiguation: "earlier" });
    // A skipped local time ("earlier" would move it): refuse it instead of booking another hour.
    if (!zoned.toPlainDateTime().equals(local)) {
      throw new LocalTimeError("That start time does not exist on that date (the clocks change)");
    }
    return new Date(zoned.epochMilliseconds);
  } catch (error) {
    if (error instanceof LocalTimeError) throw error;
    throw new LocalTimeError("Pick a valid date and start time");
  }
}

/** The session's end: `hours` of elapsed time after the start (a DST change inside counts). */
export function addHours(start: Date, hours: number): Date {
  return new Date(start.getTime() + hours * 60 * 60 * 1000);
}

/** The local calendar date of an instant in `timeZone` (YYYY-MM-DD). */
export function localDate(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}
