import { z } from "zod";
import { distanceBand } from "../../../contracts/availability.ts";
import { BOOKING_HOURS, MARKET_TIME_ZONE } from "../../../contracts/constants.ts";
import { type QuickFilter, SERVICES, type Service } from "../../../contracts/enums.ts";
import {
  BAD_CURSOR_MESSAGE,
  type MapResponse,
  PAST_DATE_MESSAGE,
  SERVICE_CREATOR_TYPE,
  type SearchQuery,
  type SearchResponse,
  UNKNOWN_ZIP_MESSAGE,
} from "../../../contracts/search.ts";
import type { AppDeps, DatabaseDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { EARTH_RADIUS_METERS, lookupZip, milesBetween } from "../../platform/geo.ts";
import { localDate } from "../../platform/time.ts";
import {
  findCreatorPage,
  findMapCreators,
  type SearchCriteria,
  type SearchKey,
  toCard,
} from "./queries.ts";

export async function searchCreators(
  deps: DatabaseDeps & Pick<AppDeps, "now">,
  query: SearchQuery,
): Promise<SearchResponse> {
  const place = query.zip ? lookupZip(query.zip) : null;
  if (query.zip && !place) throw new AppError("bad_request", UNKNOWN_ZIP_MESSAGE);
  const services = [query.service, query.filter].filter((v) => v !== undefined).map(matchOf);
  const rows = await findCreatorPage(deps.database, {
    point: place,
    services,
    freeOn: query.date ? freeOnOf(query.date, deps.now()) : null,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toCard(r, place !== null)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ distance: last.distance, rating: Number(last.rating), id: last.id })
        : null,
    origin: place ? { zip: place.zip, city: place.city, state: place.state } : null,
  };
}

function isService(value: string): value is Service {
  return (SERVICES as readonly string[]).includes(value);
}

/** What a service or quick filter asks of a creator: a service also matches the creator's type. */
export function matchOf(value: QuickFilter): SearchCriteria["services"][number] {
  return isService(value)
    ? { type: SERVICE_CREATOR_TYPE[value], specialty: value }
    : { specialty: value };
}

// Cursors are opaque to clients: base64url JSON of the last row's sort key.
export function encodeCursor(key: SearchKey): string {
  return Buffer.from(JSON.stringify([key.distance, key.rating, key.id])).toString("base64url");
}

/**
 * A cursor is client input like any other: exactly [distance, rating, id], each in the range a
 * real row can have, so a crafted one is refused before it reaches SQL (a non-UUID id would fail
 * the cast there, a huge distance would overflow the reach arithmetic).
 */
const ZCursor = z.tuple([
  z
    .number()
    .min(0)
    .max(2 * EARTH_RADIUS_METERS),
  z.number().min(0).max(5), // an average of 1–5 stars, 0 when unrated
  z.uuid(),
]);

function decodeCursor(cursor: string): SearchKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new AppError("bad_request", BAD_CURSOR_MESSAGE);
  }
  const key = ZCursor.safeParse(decoded);
  if (!key.success) throw new AppError("bad_request", BAD_CURSOR_MESSAGE);
  const [distance, rating, id] = key.data;
  return { distance, rating, id };
}

/**
 * The date filter: creators with at least the shortest booking's length of contiguous free time
 * on the date in their own zone. Dates before today in the market's zone are refused.
 */
export function freeOnOf(date: string, now: Date) {
  if (date < todayInMarket(now)) throw new AppError("bad_request", PAST_DATE_MESSAGE);
  return { date, now, minutes: BOOKING_HOURS.min * 60 };
}

const todayInMarket = (now: Date): string => localDate(now, MARKET_TIME_ZONE);

export async function mapCreators(
  deps: DatabaseDeps,
  viewer: { lat?: number; lng?: number },
): Promise<MapResponse> {
  const at =
    viewer.lat !== undefined && viewer.lng !== undefined
      ? { lat: viewer.lat, lng: viewer.lng }
      : null;
  // Distances from the snapped positions: a band never tells more than the grid does.
  const creators = (await findMapCreators(deps.database.db)).map((c) => ({
    ...c,
    miles: at ? milesBetween(at, c) : null,
  }));
  const available = creators.filter((c) => c.availableNow);
  const rated = available.filter((c) => c.reviewCount > 0);
  return {
    creators: creators.map(({ miles, ...c }) => ({
      ...c,
      distanceBand: miles === null ? null : distanceBand(miles),
    })),
    stats: {
      availableCount: available.length,
      avgRating: rated.length
        ? round(rated.reduce((sum, c) => sum + c.rating, 0) / rated.length, 1)
        : null,
      avgDistanceMiles:
        at && available.length
          ? round(available.reduce((sum, c) => sum + (c.miles ?? 0), 0) / available.length, 1)
          : null,
    },
  };
}

function round(value: number, decimals: number) {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
