import { createHash } from "node:crypto";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { DEFAULT_TRAVEL_RADIUS_MILES, MAP } from "../../../contracts/constants.ts";
import type { CreatorType } from "../../../contracts/enums.ts";
import type { CreatorCard, MapCreator } from "../../../contracts/search.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { METERS_PER_MILE } from "../../platform/geo.ts";

type Db = Kysely<DB>;

/** Position in the result order (distance, rating desc, id) of the last row of a page. */
export type SearchKey = { distance: number; rating: number; id: string };

export type SearchCriteria = {
  point: { lat: number; lng: number } | null;
  /** A creator matches when its type is `type` or its specialties hold every word in `all`. */
  services: { type?: CreatorType; specialty: string }[];
  /** Live bookings overlapping [from, to) make a creator unavailable. */
  freeWindow: { from: Date; to: Date } | null;
  after: SearchKey | null;
  limit: number;
};

type CardRow = {
  id: string;
  user_id: string;
  name: string;
  specialties: string[];
  creator_type: CreatorType;
  city: string | null;
  avatar_path: string | null;
  rating: number;
  review_count: number;
  hourly_rate_cents: number | null;
  available_now: boolean;
  distance: number;
  cover_key: string | null;
};

const displayName = sql<string>`coalesce(nullif(btrim(p.full_name), ''), nullif(btrim(p.business_name), ''), 'Photographer')`;

function serviceCondition(service: SearchCriteria["services"][number]): RawBuilder<boolean> {
  const hasSpecialty = sql<boolean>`p.specialties @> array[${service.specialty}]::text[]`;
  return service.type
    ? sql<boolean>`(p.creator_type = ${service.type} or ${hasSpecialty})`
    : hasSpecialty;
}

/**
 * One page of listed creators. With a point: those whose service area covers it (GiST on the
 * area cube, then the exact circle), nearest first; without: everyone, best rated first.
 */
export async function findCreatorPage(database: Database, c: SearchCriteria): Promise<CardRow[]> {
  const conditions: RawBuilder<boolean>[] = [sql`p.is_published and p.approved`];
  let distance: RawBuilder<number> = sql<number>`0::float8`;
  if (c.point) {
    const here = sql`ll_to_earth(${c.point.lat}::float8, ${c.point.lng}::float8)`;
    const base = sql`ll_to_earth(p.base_lat, p.base_lng)`;
    const reach = sql`coalesce(p.travel_radius, ${sql.lit(DEFAULT_TRAVEL_RADIUS_MILES)}) * ${sql.lit(METERS_PER_MILE)}`;
    // Repeats the partial index's predicate so the planner may use it.
    conditions.push(sql`p.base_lat is not null and p.base_lng is not null`);
    conditions.push(sql`earth_box(${base}, ${reach}) @> ${here}`);
    conditions.push(sql`earth_distance(${base}, ${here}) <= ${reach}`);
    distance = sql<number>`earth_distance(${base}, ${here}) / ${sql.lit(METERS_PER_MILE)}`;
  }
  for (const service of c.services) conditions.push(serviceCondition(service));
  if (c.freeWindow) {
    // Extension point: weekly availability (availability_slots) will add its own condition here.
    conditions.push(sql`not exists (
      select 1 from bookings b
      where b.creator_profile_id = p.id
        and b.status in ('pending_payment', 'pending', 'confirmed')
        and tstzrange(b.start_time, b.end_time) && tstzrange(${c.freeWindow.from}::timestamptz, ${c.freeWindow.to}::timestamptz)
    )`);
  }
  const where = sql.join(conditions, sql` and `);
  const after = c.after
    ? sql`where (c.distance > ${c.after.distance}::float8
        or (c.distance = ${c.after.distance}::float8 and c.rating < ${c.after.rating}::numeric)
        or (c.distance = ${c.after.distance}::float8 and c.rating = ${c.after.rating}::numeric and c.id > ${c.after.id}::uuid))`
    : sql``;
  // The cover (first portfolio image) is looked up for the page's rows only.
  const query = sql<CardRow>`
    select c.*, (
      select i.image_path from portfolio_items i where i.user_id = c.user_id
      order by i.sort_order, i.created_at, i.id limit 1
    ) as cover_key
    from (
      select * from (
        select p.id, p.user_id, ${displayName} as name, p.specialties, p.creator_type, p.city,
          p.avatar_path, p.rating_avg as rating, p.review_count, p.hourly_rate_cents,
          p.available_now, ${distance} as distance
        from photographer_profiles p
        where ${where}
      ) c
      ${after}
      order by c.distance, c.rating desc, c.id
      limit ${c.limit}
    ) c
    order by c.distance, c.rating desc, c.id
  `.compile(database.db);
  // A named (prepared) statement per query shape: PostgreSQL plans each shape once per
  // connection instead of on every search (planning the earthdistance expressions costs more
  // than running them).
  const name = `search_${createHash("sha1").update(query.sql).digest("hex").slice(0, 16)}`;
  const result = await database.pool.query<CardRow>({
    name,
    text: query.sql,
    values: query.parameters as unknown[],
  });
  return result.rows;
}

export function toCard(row: CardRow, withDistance: boolean): CreatorCard {
  return {
    id: row.id,
    name: row.name,
    specialty: row.specialties[0] ?? typeLabel(row.creator_type),
    specialties: row.specialties,
    type: row.creator_type,
    city: row.city,
    avatarKey: row.avatar_path,
    coverKey: row.cover_key,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    hourlyRateCents: row.hourly_rate_cents,
    availableNow: row.available_now,
    distanceMiles: withDistance ? row.distance : null,
  };
}

export function typeLabel(type: CreatorType): string {
  return type.replace(/(^|\s)\S/g, (s) => s.toUpperCase());
}

/** Listed creators with a live position inside the map's bounds. */
export async function findMapCreators(db: Db): Promise<MapCreator[]> {
  const { south, north, west, east } = MAP.bounds;
  const rows = await db
    .selectFrom("photographer_profiles as p")
    .select([
      "p.id",
      displayName.as("name"),
      "p.specialties",
      "p.creator_type",
      "p.avatar_path",
      "p.travel_lat",
      "p.travel_lng",
      "p.available_now",
      "p.rating_avg",
      "p.review_count",
    ])
    .where("p.is_published", "=", true)
    .where("p.approved", "=", true)
    .where("p.travel_lat", "is not", null)
    .where("p.travel_lng", "is not", null)
    .where("p.travel_lat", ">=", south)
    .where("p.travel_lat", "<=", north)
    .where("p.travel_lng", ">=", west)
    .where("p.travel_lng", "<=", east)
    .orderBy("p.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    specialties: r.specialties,
    type: r.creator_type as CreatorType,
    avatarKey: r.avatar_path,
    lat: r.travel_lat as number,
    lng: r.travel_lng as number,
    availableNow: r.available_now,
    rating: Number(r.rating_avg),
    reviewCount: r.review_count,
  }));
}
