import { z } from "zod";
import { ZIP_PATTERN } from "./constants.ts";
import { CREATOR_TYPES, QUICK_FILTERS, SERVICES } from "./enums.ts";
import { creatorSummaryShape } from "./profiles.ts";

export const SEARCH_PAGE_SIZE = 12;
export const ZIP_HELP = "Enter 5-digit ZIP code";
export const UNKNOWN_ZIP_MESSAGE = "We don't know that ZIP code. Check it and try again.";
export const PAST_DATE_MESSAGE = "Choose today or a later date";
export const BAD_CURSOR_MESSAGE = "This page of results has expired. Search again.";

const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    "Enter a valid date",
  );

/** GET /api/search query. Every field optional: an empty search lists everyone, best rated first. */
export const ZSearchQuery = z.object({
  zip: z.string().regex(ZIP_PATTERN, ZIP_HELP).optional(),
  date: ZDate.optional(),
  service: z.enum(SERVICES).optional(),
  filter: z.enum(QUICK_FILTERS).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof ZSearchQuery>;

export const ZCreatorCard = z.object({
  ...creatorSummaryShape,
  /** Miles from the searched ZIP; null when no ZIP was given. */
  distanceMiles: z.number().nullable(),
});
export type CreatorCard = z.infer<typeof ZCreatorCard>;

export const ZSearchResponse = z.object({
  items: z.array(ZCreatorCard),
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
  /** The searched point, when a ZIP was given. */
  origin: z.object({ zip: z.string(), city: z.string(), state: z.string() }).nullable(),
});
export type SearchResponse = z.infer<typeof ZSearchResponse>;

// ---- Map ----
export const ZMapQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});

export const ZMapCreator = z.object({
  id: z.string(),
  name: z.string(),
  specialties: z.array(z.string()),
  type: z.enum(CREATOR_TYPES),
  avatarKey: z.string().nullable(),
  /** The live position snapped to the presence grid (coarseCoordinate), never the exact one. */
  lat: z.number(),
  lng: z.number(),
  availableNow: z.boolean(),
  /** False while the creator is available without an open tab: the position is their area. */
  liveTracked: z.boolean(),
  rating: z.number(),
  reviewCount: z.number().int(),
  /** How far from the viewer ("Under 1 mi" … "25+ mi"), given lat/lng; else null. */
  distanceBand: z.string().nullable(),
});
export type MapCreator = z.infer<typeof ZMapCreator>;

export const ZMapStats = z.object({
  availableCount: z.number().int(),
  /** Average rating of the available creators that have reviews; null when none. */
  avgRating: z.number().nullable(),
  /** Average distance in miles of the available creators from the viewer; null without one. */
  avgDistanceMiles: z.number().nullable(),
});
export type MapStats = z.infer<typeof ZMapStats>;

export const ZMapResponse = z.object({ creators: z.array(ZMapCreator), stats: ZMapStats });
export type MapResponse = z.infer<typeof ZMapResponse>;

/** What the creator_presence_changed channel carries (see migration 031). */
export const ZPresenceEvent = z.object({
  id: z.string(),
  listed: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  availableNow: z.boolean(),
  /** Events from before migration 119 carry none: live-tracked. */
  liveTracked: z.boolean().default(true),
});
export type PresenceEvent = z.infer<typeof ZPresenceEvent>;

/**
 * How search knows a creator's services: a service matches a creator whose type is that
 * service's type OR whose specialties list the service's name. Quick filters that are services
 * use the same rule; the others (Wedding, Portrait, Event, Social Media) match specialties.
 */
export const SERVICE_CREATOR_TYPE = {
  Photography: "photographer",
  Videography: "videographer",
  "Content Creation": "content creator",
} as const satisfies Record<(typeof SERVICES)[number], (typeof CREATOR_TYPES)[number]>;
