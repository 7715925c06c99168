import { z } from "zod";
import { DISTANCE_BANDS_MILES, PRESENCE } from "./constants.ts";

/** The creator's own live presence (docs/decisions/018). */
export const presenceApiPath = "/availability/presence";
export const goOnlineApiPath = "/availability/online";
export const goOfflineApiPath = "/availability/offline";
export const heartbeatApiPath = "/availability/heartbeat";
/** Sent by a page as it goes away (a beacon): offline after PRESENCE.leaveGraceSeconds. */
export const pageLeftApiPath = "/availability/page-left";

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

/** The creator's own state: the one response that carries an exact live position. */
export const ZPresenceState = z.object({
  /** The creator's profile: presence events (REALTIME_TOPICS.creatorPresence) name it. */
  profileId: z.string(),
  online: z.boolean(),
  position: ZPosition.nullable(),
  lastSeenAt: z.string().nullable(),
  heartbeatSeconds: z.number().int(),
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
