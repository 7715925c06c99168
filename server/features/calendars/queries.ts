import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";
import { bookingEventRows, bookingRows } from "../bookings/booking-fragments.ts";
import { creatorProfileRows, displayNameSql } from "../profiles/listed-creator-fragments.ts";

type Db = Kysely<DB>;

// The feed table (owned here) and the bookings a feed lists (read as a declared reader of
// bookings, booking_events, photographer_profiles and user: table-owners.ts).

export function feedOf(db: Db, userId: string) {
  return db
    .selectFrom("calendar_feeds")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function feedByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("calendar_feeds")
    .select(["user_id"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Creates the feed, or gives it a new nonce when `replace`; answers the row. */
export async function upsertFeed(
  db: Db,
  row: { user_id: string; nonce: string; token_hash: string; created_at: Date },
  replace: boolean,
) {
  const query = db.insertInto("calendar_feeds").values(row);
  await (replace
    ? query.onConflict((oc) =>
        oc.column("user_id").doUpdateSet({
          nonce: row.nonce,
          token_hash: row.token_hash,
          created_at: row.created_at,
        }),
      )
    : query.onConflict((oc) => oc.column("user_id").doNothing())
  ).execute();
  return db
    .selectFrom("calendar_feeds")
    .selectAll()
    .where("user_id", "=", row.user_id)
    .executeTakeFirstOrThrow();
}

export function deleteFeed(db: Db, userId: string) {
  return db.deleteFrom("calendar_feeds").where("user_id", "=", userId).execute();
}

export type FeedBooking = {
  id: string;
  status: string;
  start_time: Date;
  end_time: Date;
  location: string;
  event_type: string | null;
  updated_at: Date;
  created_at: Date;
  time_zone: string;
  creator_name: string;
  client_name: string;
  role: "creator" | "client";
  changes: number;
};

/**
 * The bookings of a person, as client or as creator, that ever asked anything of them (a
 * request never paid is left out), ending from `since` on; past `limit`, the latest win.
 */
export async function bookingsOfPerson(db: Db, userId: string, since: Date, limit: number) {
  const { rows } = await sql<FeedBooking>`
    select b.id, b.status, b.start_time, b.end_time, b.location, b.event_type, b.updated_at,
      b.created_at, p.time_zone,
      ${displayNameSql} as creator_name,
      cu.name as client_name,
      case when p.user_id = ${userId} then 'creator' else 'client' end as role,
      (select count(*)::int from ${bookingEventRows} e where e.booking_id = b.id) as changes
    from ${bookingRows} b
    join ${creatorProfileRows} p on p.id = b.creator_profile_id
    join ${userRows} cu on cu.id = b.client_user_id
    where (b.client_user_id = ${userId} or p.user_id = ${userId})
      and b.end_time >= ${since}
      and b.status <> 'pending_payment'
      and not (b.status = 'expired' and not exists (
        select 1 from ${bookingEventRows} e where e.booking_id = b.id and e.from_status = 'pending'))
    order by b.start_time desc, b.id
    limit ${limit}`.execute(db);
  return rows;
}
