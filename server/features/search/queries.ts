import { createHash } from "node:crypto";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { DEFAULT_TRAVEL_RADIUS_MILES, MAP } from "../../../contracts/constants.ts";
import type { CreatorType, QuickFilter } from "../../../contracts/enums.ts";
import { primarySpecialty } from "../../../contracts/profiles.ts";
import type { CreatorCard, MapCreator } from "../../../contracts/search.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { earthPoint, METERS_PER_MILE } from "../../platform/geo.ts";
import {
  coverImageSql,
  displayNameSql,
  listedCreators,
  listedSql,
} from "../profiles/listed-creator-fragments.ts";

type Db = Kysely<DB>;

/** Position in the result order (distance, rating desc, id) of the last row of a page. */
export type SearchKey = { distance: number; rating: number; id: string };

export type SearchCriteria = {
  point: { lat: number; lng: number } | null;
  /** A creator matches every entry: its type is `type`, or its specialties contain `specialty`. */
  services: { type?: CreatorType; specialty: QuickFilter }[];
  /**
   * Only creators with at least `minutes` of contiguous free time on `date` (in each creator's
   * own zone): their schedule minus live bookings with buffer minus the minimum notice before
   * `now` (creator_free_on, migration 091).
   */
  freeOn: { date: string; now: Date; minutes: number } | null;
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
  /** The sort key: chord distance to the point (0 without one). */
  distance: number;
  miles: number | null;
  cover_key: string | null;
};

/**
 * Written with literals, not parameters, so the planner can match the partial index of each
 * service and quick filter (migration 050). The values come from the contracts' closed lists.
 */
function serviceCondition(service: SearchCriteria["services"][number]): RawBuilder<boolean> {
  const hasSpecialty = sql<boolean>`p.specialties @> array[${sql.lit(service.specialty)}]::text[]`;
  return service.type
    ? sql<boolean>`(p.creator_type = ${sql.lit(service.type)} or ${hasSpecialty})`
    : hasSpecialty;
}

/**
 * The date filter. With `covers` (the creator reaches the searched point) the free time is
 * computed only for creators who do: a CASE, since PostgreSQL orders a node's conditions by
 * cost and at equal cost could test the free time first. `knownFree`: creators already found
 * free in this statement (the nearest walk's), whose free time is not computed again.
 */
function freeOnConditions(
  c: SearchCriteria,
  covers?: RawBuilder<unknown>,
  knownFree?: RawBuilder<unknown>,
): RawBuilder<boolean>[] {
  if (!c.freeOn) return [];
  // The SQL twin of server/features/availability/schedule-free-time.ts (tested equal).
  const free = sql<boolean>`creator_free_on(p.id, p.user_id, p.time_zone, p.min_notice_minutes,
      p.buffer_minutes, ${c.freeOn.date}::date, ${c.freeOn.now}::timestamptz, ${sql.lit(c.freeOn.minutes)})`;
  const check = knownFree ? sql<boolean>`(p.id in (${knownFree}) or ${free})` : free;
  return [covers ? sql<boolean>`case when ${covers} then ${check} else false end` : check];
}

function filterConditions(c: SearchCriteria): RawBuilder<boolean>[] {
  return [...c.services.map(serviceCondition), ...freeOnConditions(c)];
}

/**
 * How many nearest creators (of the service's partial index) the first walk reads at most
 * before it gives way to the walk bounded by the largest travel radius.
 */
export const NEAREST_WALK = 200;

function keysetAfter(after: SearchKey | null, key: RawBuilder<number>): RawBuilder<boolean> {
  if (!after) return sql`true`;
  return sql`(${key} > ${after.distance}::float8
    or (${key} = ${after.distance}::float8 and p.rating_avg < ${after.rating}::numeric)
    or (${key} = ${after.distance}::float8 and p.rating_avg = ${after.rating}::numeric and p.id > ${after.id}::uuid))`;
}

const CARD_COLUMNS = sql`p.id, p.user_id, ${displayNameSql} as name, p.specialties, p.creator_type,
  p.city, p.avatar_path, p.rating_avg as rating, p.review_count, p.hourly_rate_cents,
  p.available_now`;

// The cover (first portfolio image) is looked up for the page's rows only.
const COVER = sql`${coverImageSql("c.user_id")} as cover_key`;

/**
 * Nearest listed creators whose service area covers the point, in two index steps:
 * 1. a nearest-first (KNN) walk of the base-position GiST index keeps the first `limit`
 *    creators that cover the point and pass the filters. It reads at most NEAREST_WALK
 *    creators, in a subquery whose only conditions are the partial index's: its LIMIT makes
 *    the ordered index scan the planner's choice whatever the filters (a bounding box there
 *    lets a generic plan prefer a bitmap scan and sort of every creator in the box — 10×
 *    slower per 10× creators). Only when that finds too few (a sparse area) does a second walk,
 *    bounded by the largest travel radius, go further;
 * 2. the page is then read exactly, ordered (distance, rating desc, id), from the small disc
 *    those creators span, so creators at the same distance are never split or lost.
 * The sort key is the chord distance (`<->`), which orders exactly like the great-circle one.
 */
function nearestQuery(c: SearchCriteria, point: { lat: number; lng: number }) {
  const here = sql`${earthPoint(point)}::cube::earth`;
  const base = sql`p.base_position`;
  const chord = sql<number>`(${base} <-> ${here})`;
  const reach = sql`coalesce(p.travel_radius, ${sql.lit(DEFAULT_TRAVEL_RADIUS_MILES)}) * ${sql.lit(METERS_PER_MILE)}`;
  // Repeats the partial index's predicate so the planner may use it.
  const indexed = [
    sql`${listedSql} and p.base_position is not null`,
    ...c.services.map(serviceCondition),
  ];
  const covers = sql`earth_distance(${base}, ${here}) <= ${reach}`;
  const unindexed = [covers, ...freeOnConditions(c, covers)];
  const covering = sql.join(
    [...indexed, covers, ...freeOnConditions(c, covers, sql`select id from near`)],
    sql` and `,
  );
  // An upper bound, so deactivated creators may count: without the deactivation check the
  // maximum is one probe of photographer_profiles_listed_radius_idx, not a scan of every creator.
  const maxReach = sql`greatest(${sql.lit(DEFAULT_TRAVEL_RADIUS_MILES)}, (select max(r.travel_radius)
    from photographer_profiles r where r.is_published and r.approved)) * ${sql.lit(METERS_PER_MILE)}`;
  const from = c.after ? sql`${c.after.distance}::float8` : sql`-1::float8`;
  const beyond = c.after ? sql`${chord} > ${from}` : sql`true`;
  return sql<CardRow>`
    -- near takes the walk's rows as they come, nearest first, and stops at the limit: the
    -- costly conditions (a date's free time) run on those rows only. Were they to come in
    -- another order, the disc below would only grow, never lose a creator.
    with near as materialized (
      select p.id, p.chord from (
        select p.*, ${chord} as chord from photographer_profiles p
        where ${sql.join(indexed, sql` and `)} and ${beyond}
        order by ${base} <-> ${here}
        limit ${sql.lit(NEAREST_WALK)}
      ) p
      where ${sql.join(unindexed, sql` and `)}
      limit ${c.limit}
    ), knn as (
      select chord from near
      union all
      (select ${chord} from photographer_profiles p
        where ${covering} and earth_box(${here}, ${maxReach}) @> ${base} and ${beyond}
          and (select count(*) from near) < ${c.limit}
        order by ${base} <-> ${here}
        limit ${c.limit})
    ), reach as (
      select coalesce(max(chord), ${from}) * 1.000001 + 1 as chord from knn
    )
    select c.*, ${COVER} from (
      select ${CARD_COLUMNS}, ${chord} as distance,
        earth_distance(${base}, ${here}) / ${sql.lit(METERS_PER_MILE)} as miles
      from photographer_profiles p
      where ${covering}
        and earth_box(${here}, 2 * earth() * asin(least(1, (select chord from reach) / (2 * earth())))) @> ${base}
        and ${chord} <= (select chord from reach)
        and ${keysetAfter(c.after, chord)}
      order by distance, p.rating_avg desc, p.id
      limit ${c.limit}
    ) c
    order by c.distance, c.rating desc, c.id`;
}

/** Without a point: everyone listed, best rated first. */
function bestRatedQuery(c: SearchCriteria) {
  const where = sql.join(
    [listedSql, ...filterConditions(c), keysetAfter(c.after, sql`0::float8`)],
    sql` and `,
  );
  return sql<CardRow>`
    select c.*, ${COVER} from (
      select ${CARD_COLUMNS}, 0::float8 as distance, null::float8 as miles
      from photographer_profiles p where ${where}
      order by p.rating_avg desc, p.id
      limit ${c.limit}
    ) c
    order by c.rating desc, c.id`;
}

export function creatorPageQuery(database: Database, c: SearchCriteria) {
  return (c.point ? nearestQuery(c, c.point) : bestRatedQuery(c)).compile(database.db);
}

/** One page of listed creators matching the criteria (see docs/decisions/004 and 009). */
export async function findCreatorPage(database: Database, c: SearchCriteria): Promise<CardRow[]> {
  const query = creatorPageQuery(database, c);
  // A named (prepared) statement per query shape, planned generically once per connection:
  // planning the earthdistance expressions costs more than running them, and by default each
  // shape (about forty) would first be planned anew on five searches per connection.
  const name = `search_${createHash("sha1").update(query.sql).digest("hex").slice(0, 16)}`;
  const result = await database.genericPlanPool().query<CardRow>({
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
    specialty: primarySpecialty(row.specialties, row.creator_type),
    specialties: row.specialties,
    type: row.creator_type,
    city: row.city,
    avatarKey: row.avatar_path,
    coverKey: row.cover_key,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    hourlyRateCents: row.hourly_rate_cents,
    availableNow: row.available_now,
    distanceMiles: withDistance ? row.miles : null,
  };
}

/**
 * Listed creators with a live position inside the map's bounds. The position leaves the
 * database only snapped to the presence grid (coarse_coordinate, migration 090), the same cells
 * the presence events carry: never the exact live position.
 */
export async function findMapCreators(db: Db): Promise<Omit<MapCreator, "distanceBand">[]> {
  const { south, north, west, east } = MAP.bounds;
  const rows = await listedCreators(db)
    .select([
      "p.id",
      displayNameSql.as("name"),
      "p.specialties",
      "p.creator_type",
      "p.avatar_path",
      sql<number>`coarse_coordinate(p.travel_lat)`.as("coarse_lat"),
      sql<number>`coarse_coordinate(p.travel_lng)`.as("coarse_lng"),
      "p.available_now",
      "p.available_until",
      "p.rating_avg",
      "p.review_count",
    ])
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
    lat: r.coarse_lat,
    lng: r.coarse_lng,
    availableNow: r.available_now,
    liveTracked: r.available_until === null,
    rating: Number(r.rating_avg),
    reviewCount: r.review_count,
  }));
}
