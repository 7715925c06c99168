import { type Kysely, type Selectable, sql } from "kysely";
import { DEFAULT_TRAVEL_RADIUS_MILES, HAIL, PRESENCE } from "../../../contracts/constants.ts";
import type { Service } from "../../../contracts/enums.ts";
import type { HailOfferStatus, HailStatus } from "../../../contracts/hail.ts";
import { SERVICE_CREATOR_TYPE } from "../../../contracts/search.ts";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { DB, Hails } from "../../db/schema.ts";
import { earthPoint, METERS_PER_MILE } from "../../platform/geo.ts";
import { busyTimeRows } from "../availability/busy-time-fragments.ts";
import { presenceRows } from "../availability/presence-fragments.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";
import type { NoteCreated } from "../payments/service.ts";
import { tierPercentSql } from "../payouts/tier-percent-fragments.ts";
import {
  creatorProfileRows,
  displayNameSql,
  listedSql,
} from "../profiles/listed-creator-fragments.ts";

type Db = Kysely<DB>;
export type HailRow = Selectable<Hails>;

/** A creator a hail can reach, with their live distance to the point. */
export type MatchRow = {
  id: string;
  user_id: string;
  hourly_rate_cents: number;
  currency: string;
  meters: number;
};

export type MatchCriteria = {
  service: Service;
  point: { lat: number; lng: number };
  radiusMiles: number;
  /**
   * The time the session could take: creators with a live booking or an external calendar's
   * busy time over it are left out.
   */
  window: { from: Date; to: Date };
  /** The client: never offered their own hail. */
  clientUserId: string;
  now: Date;
};

/**
 * Online creators a hail reaches, nearest first: listed, available now with a fresh heartbeat
 * (or, seeded, none yet),
 * offering the service (its type, or the service among their specialties, as search), priced,
 * whose service area (base + travel radius) covers the point, whose live position's grid cell
 * is within the radius, whose minimum notice the start leaves, and free over the session's time.
 *
 * Who is reached, and so the quote's count and prices and whether a hail can be sent, depends
 * only on what the map shows (the live position snapped to the presence grid, the same cells
 * as coarse_coordinate, migration 090) and on the base: a client choosing points cannot locate
 * anyone more finely than the map does (issue 23). The exact distance is kept only for the
 * offer the reached creator sees.
 */
export async function matchCreators(db: Db, c: MatchCriteria): Promise<MatchRow[]> {
  const here = sql`${earthPoint(c.point)}::cube::earth`;
  const reach = sql`coalesce(p.travel_radius, ${sql.lit(DEFAULT_TRAVEL_RADIUS_MILES)}) * ${sql.lit(METERS_PER_MILE)}`;
  const fresh = new Date(c.now.getTime() - PRESENCE.staleAfterSeconds * 1000);
  const type = SERVICE_CREATOR_TYPE[c.service];
  // The cell's distance is computed once per candidate (a lateral that stays one: offset 0);
  // candidates are sorted by it, and the booked and busy ones are left out in that order until
  // HAIL.maxOffers are found, so those lookups and the exact distance are paid for the nearest
  // few, not for every online creator within the radius (issue 24).
  const { rows } = await sql<MatchRow>`
    select m.id, m.user_id, m.hourly_rate_cents, m.currency,
      earth_distance(ll_to_earth(m.travel_lat, m.travel_lng), ${here}) as meters
    from (
      select p.id, p.user_id, p.hourly_rate_cents, p.currency, p.travel_lat, p.travel_lng,
        cell.meters as cell_meters
      from ${creatorProfileRows} p
      left join ${presenceRows} cp on cp.profile_id = p.id
      cross join lateral (select earth_distance(p.live_cell, ${here}) as meters offset 0) cell
      where ${listedSql} and p.available_now
        -- A fresh heartbeat; or no heartbeat row at all, which only a seeded creator has (the
        -- sweep leaves them on too, and the map shows them available): what the map shows as
        -- available can be hailed.
        -- Or staying available without a tab until a time they chose (hails reach them by push).
        and (cp.last_seen_at >= ${fresh} or cp.profile_id is null or p.available_until > ${c.now})
        and p.user_id <> ${c.clientUserId}
        and p.hourly_rate_cents > 0
        and (p.creator_type = ${type} or p.specialties @> array[${c.service}]::text[])
        and p.base_position is not null
        and earth_distance(p.base_position, ${here}) <= ${reach}
        and p.travel_lat is not null and p.travel_lng is not null
        and cell.meters <= ${c.radiusMiles * METERS_PER_MILE}
        and ${c.window.from}::timestamptz >= ${c.now}::timestamptz + make_interval(mins => p.min_notice_minutes)
      order by cell.meters, p.id
      offset 0
    ) m
    where not exists (
        select 1 from ${bookingRows} b
        where b.creator_profile_id = m.id
          and b.status in ('pending_payment', 'pending', 'confirmed')
          and b.start_time < ${c.window.to} and b.end_time > ${c.window.from}
      )
      -- Busy in an external calendar (issue 25) blocks a hail as a booking does.
      and not exists (
        select 1 from ${busyTimeRows} x
        where x.profile_id = m.id
          and x.start_time < ${c.window.to} and x.end_time > ${c.window.from}
      )
    order by m.cell_meters, m.id
    limit ${HAIL.maxOffers}`.execute(db);
  return rows.map((r) => ({ ...r, meters: Number(r.meters) }));
}

export async function findHail(db: Db, id: string) {
  return db.selectFrom("hails").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findHailByOrder(db: Db, orderId: string) {
  return db
    .selectFrom("hails")
    .selectAll()
    .where("paypal_order_id", "=", orderId)
    .executeTakeFirst();
}

/** The price of the booking a hail made (bookings owns the row; hail reads what it charges). */
export async function findHailBookingPrice(db: Db, bookingId: string) {
  return db
    .selectFrom(bookingRows.as("bookings"))
    .select(["id", "total_amount_cents", "deposit_amount_cents"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
}

export async function findHailByBooking(db: Db, bookingId: string) {
  return db.selectFrom("hails").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
}

/**
 * The client's open hail, else their latest since `since`. Compiled once: it is what a signed-in
 * client's hail screen asks for on every visit (docs/performance.md, the signed-in request).
 */
const currentHailQuery = compiledOnce((db, clientUserId: string, since: Date) =>
  db
    .selectFrom("hails")
    .selectAll()
    .where("client_user_id", "=", clientUserId)
    .where((eb) =>
      eb.or([eb("status", "in", ["awaiting_payment", "live"]), eb("created_at", ">=", since)]),
    )
    .orderBy("created_at", "desc")
    .limit(1),
);

export async function findCurrentHail(db: Db, clientUserId: string, since: Date) {
  const [hail] = await currentHailQuery(db, clientUserId, since);
  return hail;
}

export async function countHailsSince(db: Db, clientUserId: string, since: Date) {
  const row = await db
    .selectFrom("hails")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("client_user_id", "=", clientUserId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertHail(
  db: Db,
  values: {
    client_user_id: string;
    service: Service;
    hours: number;
    location: string;
    lat: number;
    lng: number;
    start_at: Date | null;
    radius_miles: number;
    notes: string | null;
    min_total_cents: number;
    max_total_cents: number;
    currency: string;
    payment_provider: string;
    pay_by: Date;
    created_at: Date;
  },
) {
  return db
    .insertInto("hails")
    .values({ ...values, updated_at: values.created_at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type HailPatch = Partial<
  Pick<
    HailRow,
    | "paypal_order_id"
    | "live_until"
    | "reached_count"
    | "accepted_profile_id"
    | "accepted_at"
    | "booking_id"
  >
>;

/** Moves a hail only while it is in one of `from`; answers the row when it did. */
export async function transitionHail(
  db: Db,
  id: string,
  from: readonly HailStatus[],
  to: HailStatus,
  patch: HailPatch,
  now: Date,
) {
  return db
    .updateTable("hails")
    .set({ ...patch, status: to, updated_at: now })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .returningAll()
    .executeTakeFirst();
}

export async function patchHail(
  db: Db,
  id: string,
  states: readonly HailStatus[],
  patch: HailPatch,
  now: Date,
) {
  return db
    .updateTable("hails")
    .set({ ...patch, updated_at: now })
    .where("id", "=", id)
    .where("status", "in", [...states])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Notes the hail's provider order id while it awaits payment, inside payments' statement that
 * records the order (`created`, see payments' NoteCreated).
 */
export const noteHailOrderCreated =
  (hailId: string, now: Date): NoteCreated =>
  (created) =>
    sql<{ id: string }>`update hails
      set paypal_order_id = (select c.provider_order_id from ${sql.table(created)} c), updated_at = ${now}
      where id = ${hailId} and status = 'awaiting_payment' and exists (select 1 from ${sql.table(created)})
      returning id`;

/** First accept wins: the one conditional update every accepting creator races on. */
export async function claimHail(db: Db, id: string, profileId: string, now: Date) {
  return db
    .updateTable("hails")
    .set({ status: "accepted", accepted_profile_id: profileId, accepted_at: now, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "live")
    .where("live_until", ">", now)
    .returningAll()
    .executeTakeFirst();
}

export async function insertOffers(
  db: Db,
  hailId: string,
  offers: { profileId: string; meters: number; earningsCents: number }[],
  now: Date,
) {
  if (offers.length === 0) return;
  await db
    .insertInto("hail_offers")
    .values(
      offers.map((o) => ({
        hail_id: hailId,
        profile_id: o.profileId,
        distance_meters: Math.round(o.meters),
        earnings_cents: o.earningsCents,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(["hail_id", "profile_id"]).doNothing())
    .execute();
}

/** Sets the status of a hail's offers still in `from` (all of them, or one creator's). */
export async function updateOffers(
  db: Db,
  hailId: string,
  from: readonly HailOfferStatus[],
  to: HailOfferStatus,
  now: Date,
  only?: { profileId?: string; exceptProfileId?: string },
) {
  let query = db
    .updateTable("hail_offers")
    .set({ status: to, answered_at: now })
    .where("hail_id", "=", hailId)
    .where("status", "in", [...from]);
  if (only?.profileId) query = query.where("profile_id", "=", only.profileId);
  if (only?.exceptProfileId) query = query.where("profile_id", "<>", only.exceptProfileId);
  return query.returning(["profile_id"]).execute();
}

/** An offer as its creator sees it, with the hail and the creator's user. */
function offerRows(db: Db) {
  return db
    .selectFrom("hail_offers as o")
    .innerJoin("hails as h", "h.id", "o.hail_id")
    .innerJoin(creatorProfileRows.as("p"), "p.id", "o.profile_id")
    .select([
      "o.hail_id",
      "o.profile_id",
      "o.status as offer_status",
      "o.distance_meters",
      "o.earnings_cents",
      "p.user_id",
      "h.status as hail_status",
      "h.service",
      "h.hours",
      "h.location",
      "h.start_at",
      "h.currency",
      "h.live_until",
      "h.booking_id",
      "h.notes",
      tierPercentSql("o.profile_id").as("commission_percent"),
    ]);
}
export type OfferRow = Awaited<ReturnType<ReturnType<typeof offerRows>["execute"]>>[number];

export async function offersOfHail(db: Db, hailId: string, profileIds?: string[]) {
  let query = offerRows(db).where("o.hail_id", "=", hailId);
  if (profileIds) {
    if (profileIds.length === 0) return [];
    query = query.where("o.profile_id", "in", profileIds);
  }
  return query.execute();
}

export async function findOffer(db: Db, hailId: string, profileId: string) {
  return offerRows(db)
    .where("o.hail_id", "=", hailId)
    .where("o.profile_id", "=", profileId)
    .executeTakeFirst();
}

/** A creator's open offers of live hails, newest first. */
export async function openOffersOf(db: Db, profileId: string, now: Date) {
  return offerRows(db)
    .where("o.profile_id", "=", profileId)
    .where("o.status", "=", "offered")
    .where("h.status", "=", "live")
    .where("h.live_until", ">", now)
    .orderBy("o.created_at", "desc")
    .execute();
}

/** The winner as the client sees them. */
export async function findWinner(db: Db, hailId: string, profileId: string) {
  return db
    .selectFrom("hail_offers as o")
    .innerJoin(creatorProfileRows.as("p"), "p.id", "o.profile_id")
    .select([
      "p.id",
      displayNameSql.as("name"),
      "p.avatar_path",
      "o.distance_meters",
      "o.earnings_cents",
    ])
    .where("o.hail_id", "=", hailId)
    .where("o.profile_id", "=", profileId)
    .executeTakeFirst();
}

/** A creator as hail pricing and booking need them. */
export async function findHailCreator(db: Db, profileId: string) {
  return db
    .selectFrom(creatorProfileRows.as("p"))
    .select([
      "p.id",
      "p.user_id",
      "p.hourly_rate_cents",
      "p.currency",
      sql<string | null>`p.specialties[1]`.as("primary_specialty"),
    ])
    .where("p.id", "=", profileId)
    .executeTakeFirst();
}

/** Hails whose deadline passed and whose own job did not end them (the sweep). */
export async function findDueHails(db: Db, now: Date, limit: number) {
  return db
    .selectFrom("hails")
    .select(["id"])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "live"), eb("live_until", "<=", now)]),
        eb.and([eb("status", "=", "awaiting_payment"), eb("pay_by", "<=", now)]),
      ]),
    )
    .limit(limit)
    .execute();
}

/**
 * Hail bookings of a creator the creator cancelled since `since`: counted for the flag to
 * staff (HAIL.creatorCancelFlag).
 */
export async function countCreatorCancelledHails(db: Db, profileId: string, since: Date) {
  const row = await db
    .selectFrom("hails as h")
    .innerJoin(bookingRows.as("b"), "b.id", "h.booking_id")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("h.accepted_profile_id", "=", profileId)
    .where("b.status", "=", "cancelled")
    .where("b.cancelled_by", "=", "creator")
    .where("b.updated_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
