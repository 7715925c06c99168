import { z } from "zod";
import { idParam } from "./common.ts";
import { BOOKING_HOURS, SCHEDULE } from "./constants.ts";

// A creator's weekly hours, date overrides and one-off times (issue 12). Times are the
// creator's wall-clock times in their own IANA zone (HH:MM, 15-minute steps; an end may be
// 24:00, midnight at the end of the day).

export const SCHEDULE_STEP_MINUTES = 15;
export const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export const SCHEDULE_MESSAGES = {
  time: "Pick a time in 15-minute steps (HH:MM)",
  endAfterStart: "The end time must be after the start time",
  overlap: "These hours overlap hours you already set for that day",
  pastDate: "Pick today or a later date",
  horizon: `Pick a date within the next ${SCHEDULE.horizonDays} days`,
  dayOffTaken: "That date already has different hours. Delete them first to make it a day off.",
  hoursOnDayOff: "That date is set as a day off. Delete the day off first to set hours.",
  notFound: "Availability slot not found",
  deleteFailed: "Failed to delete availability slot",
} as const;

/** minutes since midnight of HH:MM (24:00 = 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

const TIME_PATTERN = /^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/;
const ZTime = z.string().regex(TIME_PATTERN, SCHEDULE_MESSAGES.time);
const ZStartTime = ZTime.refine((t) => t !== "24:00", SCHEDULE_MESSAGES.time);

const ordered = <T extends { start: string; end: string }>(value: T) =>
  minutesOf(value.end) > minutesOf(value.start);
const orderedIssue = { message: SCHEDULE_MESSAGES.endAfterStart, path: ["end"] };

export const ZWeeklyHoursRequest = z
  .object({
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1, "Pick at least one day")
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    start: ZStartTime,
    end: ZTime,
  })
  .refine(ordered, orderedIssue);

export const ZDateOverrideRequest = z
  .object({
    date: z.iso.date("Pick a date"),
    /** Both null: a day off. */
    start: ZStartTime.nullable(),
    end: ZTime.nullable(),
  })
  .refine((v) => (v.start === null) === (v.end === null), {
    message: "Give both a start and an end time, or neither for a day off",
    path: ["end"],
  })
  .refine((v) => v.start === null || v.end === null || minutesOf(v.end) > minutesOf(v.start), {
    message: SCHEDULE_MESSAGES.endAfterStart,
    path: ["end"],
  });

export const ZOneOffRequest = z
  .object({ date: z.iso.date("Pick a date"), start: ZStartTime, end: ZTime })
  .refine(ordered, orderedIssue);

export const ZScheduleSettings = z.object({
  minNoticeMinutes: z.number().int().min(0).max(SCHEDULE.minNoticeMinutes.max),
  bufferMinutes: z.number().int().min(0).max(SCHEDULE.bufferMinutes.max),
});

export const ZSchedule = z.object({
  timeZone: z.string(),
  minNoticeMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  weekly: z.array(
    z.object({ id: z.uuid(), weekday: z.number().int(), start: z.string(), end: z.string() }),
  ),
  overrides: z.array(
    z.object({
      id: z.uuid(),
      date: z.string(),
      start: z.string().nullable(),
      end: z.string().nullable(),
    }),
  ),
  /** Real instants (ISO 8601, UTC); show them in the creator's zone. */
  oneOffs: z.array(z.object({ id: z.uuid(), start: z.string(), end: z.string() })),
});
export type Schedule = z.infer<typeof ZSchedule>;
export type WeeklyHoursRequest = z.input<typeof ZWeeklyHoursRequest>;
export type DateOverrideRequest = z.input<typeof ZDateOverrideRequest>;
export type OneOffRequest = z.input<typeof ZOneOffRequest>;
export type ScheduleSettings = z.infer<typeof ZScheduleSettings>;

export const ZScheduleItemParam = idParam(SCHEDULE_MESSAGES.notFound);

export const ZNextStartQuery = z.object({
  hours: z.coerce.number().int().min(BOOKING_HOURS.min).max(BOOKING_HOURS.max).default(1),
});
/** The creator's nearest bookable start (their zone's date and HH:MM), or null within a week. */
export const ZNextStart = z.object({ date: z.string(), time: z.string() }).nullable();
export type NextStart = z.infer<typeof ZNextStart>;

export const scheduleApiPath = "/availability/schedule";
export const weeklyHoursApiPath = "/availability/schedule/weekly";
export const dateOverridesApiPath = "/availability/schedule/overrides";
export const oneOffsApiPath = "/availability/schedule/one-offs";
export const scheduleSettingsApiPath = "/availability/schedule/settings";
export const nextStartApiPath = (creatorId: string) => `/creators/${creatorId}/next-start`;
