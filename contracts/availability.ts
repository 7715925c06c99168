import { z } from "zod";
import { DISTANCE_BANDS_MILES, PRESENCE } from "./constants.ts";

/** The creator's own live presence (docs/decisions/018). */
export const presenceApiPath = "/availability/presence";
export const goOnlineApiPath = "/availability/online";
export const goOfflineApiPath = "/availability/offline";
export const heartbeatApiPath = "/availability/heartbeat";
/** Sent by a page as it goes away (a beacon): offline after PRESENCE.leaveGraceSeconds. */
export const pageLeftApiPath = "/availability/page-left";
/** Stay available for hails with no tab open, until a chosen time (hails arrive by push). */
export const stayAvailableApiPath = "/availability/stay-available";

/** Spec strings of the Availability Manager. */
export const AVAILABILITY_STRINGS = {
  title: "Availability Manager",
  subtitle: "Control when you're available for bookings",
  online: "Currently Online",
  offline: "Currently Offline",
  onlineToast: "You're Now Online!",
  offlineToast: "You're Now Offline",
  errorTitle: "Error",
  updateFailed: "Failed to update availability status",
  locationErrorTitle: "Location Error",
  locationError: "Unable to access your location for live tracking.",
  trackingActive: "Location tracking active",
  live: "Live",
  liveHelper: "Clients can see you're available now",
} as const;

/** A heartbeat that finds its creator already swept offline (409). */
export const NOT_ONLINE_MESSAGE =
  "You are offline: your device stopped checking in. Go online again.";

export const ZPosition = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Position = z.infer<typeof ZPosition>;

/** Going online or a heartbeat: the device's position when it knows one (both or neither). */
export const ZPresenceUpdate = z
  .object({
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: "Send lat and lng together",
    path: ["lng"],
  });
export type PresenceUpdate = z.infer<typeof ZPresenceUpdate>;

export const STAY_AVAILABLE_STRINGS = {
  title: "Stay available without this tab",
  description:
    "Get hails on this device by push until the time you choose, even with ShutterHail closed. The map shows your area, not a live position.",
  until: "Available until",
  area: "Area (ZIP or City, ST)",
  areaHint: "Leave empty to use your last position.",
  start: "Stay available",
  stop: "Stop",
  active: (time: string) => `Available for hails until ${time}`,
  notLive: "Not live-tracked",
  started: "You're available until the time you chose",
} as const;

export const STAY_UNTIL_PAST_MESSAGE = "Choose a time later than now.";
export const STAY_UNTIL_TOO_FAR_MESSAGE = `Choose a time within the next ${PRESENCE.maxStayAvailableHours} hours.`;
export const STAY_NO_POSITION_MESSAGE =
  "We don't know where you are yet: enter a ZIP or a City, ST for the area you'll be in.";
export const STAY_AREA_NOT_FOUND_MESSAGE =
  "We could not find that area. Enter a US ZIP code or a City, ST.";

/**
 * Staying available until `until`: at the point given (an area the creator picked, or a ZIP or
 * City, ST in `place`), else at their last known position.
 */
export const ZStayAvailableRequest = z
  .object({
    until: z.iso.datetime({ offset: true, message: "until must be a date and time (ISO 8601)" }),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    place: z.string().trim().max(100).optional(),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: "Send lat and lng together",
    path: ["lng"],
  });
export type StayAvailableRequest = z.input<typeof ZStayAvailableRequest>;

/** The creator's own state: the one response that carries an exact live position. */
export const ZPresenceState = z.object({
  /** The creator's profile: presence events (REALTIME_TOPICS.creatorPresence) name it. */
  profileId: z.string(),
  online: z.boolean(),
  position: ZPosition.nullable(),
  lastSeenAt: z.string().nullable(),
  heartbeatSeconds: z.number().int(),
  /** Available without a tab until then (not live-tracked); null: live presence only. */
  availableUntil: z.string().nullable(),
});
export type PresenceState = z.infer<typeof ZPresenceState>;

/**
 * A coordinate snapped to the centre of its PRESENCE.gridDegrees cell: what clients see of a
 * live position. Mirrors coarse_coordinate() of migration 090 exactly: floor and multiply in
 * double precision, then PostgreSQL's float-to-numeric conversion (15 significant digits) and
 * round(…, 4), half away from zero.
 */
export function coarseCoordinate(value: number): number {
  const snapped = Math.floor(value / PRESENCE.gridDegrees) * PRESENCE.gridDegrees + 0.0025;
  const decimal = Number(snapped.toPrecision(15));
  const rounded = Math.round(Math.abs(decimal) * 10_000) / 10_000;
  return decimal < 0 ? -rounded : rounded;
}

/** The label clients see instead of an exact distance ("Under 1 mi", "1–3 mi", … "25+ mi"). */
export function distanceBand(miles: number): string {
  let lower = 0;
  for (const upper of DISTANCE_BANDS_MILES) {
    if (miles < upper) return lower === 0 ? `Under ${upper} mi` : `${lower}–${upper} mi`;
    lower = upper;
  }
  return `${lower}+ mi`;
}
