import { type Kysely, type Selectable, sql } from "kysely";
import type { AdminReviewsFilter, ReviewDirection } from "../../../contracts/reviews.ts";
import { ADMIN_REVIEWS_PAGE_SIZE } from "../../../contracts/reviews.ts";
import type { DB, Reviews } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";
import { creatorProfileRows, displayNameSql } from "../profiles/listed-creator-fragments.ts";

type Db = Kysely<DB>;
export type ReviewRow = Selectable<Reviews>;

/** A booking as its reviews need it: the parties, their names and when it completed. */
export type ReviewedBooking = {
  id: string;
  status: string;
  completed_at: Date | null;
  start_time: Date;
  end_time: Date;
  event_type: string | null;
  client_user_id: string;
  client_name: string;
  creator_profile_id: string;
  creator_user_id: string;
  creator_name: string;
};

export async function findReviewedBooking(
  db: Db,
  id: string,
): Promise<ReviewedBooking | undefined> {
  return db
    .selectFrom(bookingRows.as("b"))
    .innerJoin(creatorProfileRows.as("p"), "p.id", "b.creator_profile_id")
    .innerJoin(userRows.as("u"), "u.id", "b.client_user_id")
    .select([
      "b.id",
      "b.status",
      "b.completed_at",
      "b.start_time",
      "b.end_time",
      "b.event_type",
      "b.client_user_id",
      "u.name as client_name",
      "b.creator_profile_id",
      "p.user_id as creator_user_id",
      displayNameSql.as("creator_name"),
    ])
    .where("b.id", "=", id)
    .executeTakeFirst();
}

/** Serialises the reviews of one booking: the second submission sees the first. */
export async function lockBookingReviews(trx: Db, bookingId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`reviews:${bookingId}`}))`.execute(trx);
}

export async function listBookingReviews(db: Db, bookingId: string): Promise<ReviewRow[]> {
  return db.selectFrom("reviews").selectAll().where("booking_id", "=", bookingId).execute();
}

export type NewReview = {
  booking: ReviewedBooking;
  direction: ReviewDirection;
  authorName: string;
  rating: number;
  comment: string;
  now: Date;
};

/** Inserts the review unless that side already reviewed (then undefined). */
export async function insertReview(db: Db, r: NewReview): Promise<ReviewRow | undefined> {
  const byClient = r.direction === "client_to_creator";
  return db
    .insertInto("reviews")
    .values({
      booking_id: r.booking.id,
      creator_profile_id: r.booking.creator_profile_id,
      direction: r.direction,
      author_user_id: byClient ? r.booking.client_user_id : r.booking.creator_user_id,
      author_name: r.authorName,
      subject_user_id: byClient ? null : r.booking.client_user_id,
      rating: r.rating,
      comment: r.comment,
      submitted_at: r.now,
      created_at: r.now,
    })
    .onConflict((oc) => oc.columns(["booking_id", "direction"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Publishes every blind review of the booking; answers how many. */
export async function publishBookingReviews(db: Db, bookingId: string, now: Date) {
  const rows = await db
    .updateTable("reviews")
    .set({ published_at: now })
    .where("booking_id", "=", bookingId)
    .where("published_at", "is", null)
    .returning("id")
    .execute();
  return rows.length;
}

/** Bookings with a blind review whose window closed by `closedBefore`. */
export async function findDueBookings(db: Db, closedBefore: Date, limit: number) {
  const rows = await db
    .selectFrom("reviews as r")
    .innerJoin(bookingRows.as("b"), "b.id", "r.booking_id")
    .select("b.id")
    .distinct()
    .where("r.published_at", "is", null)
    .where(sql<Date>`coalesce(b.completed_at, b.end_time)`, "<=", closedBefore)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function setReply(db: Db, reviewId: string, text: string, now: Date) {
  return db
    .updateTable("reviews")
    .set({ reply: text, replied_at: now })
    .where("id", "=", reviewId)
    .where("reply", "is", null)
    .where("published_at", "is not", null)
    .returningAll()
    .executeTakeFirst();
}

export async function setHidden(
  db: Db,
  reviewId: string,
  hidden: { at: Date; reason: string; by: string } | null,
) {
  return db
    .updateTable("reviews")
    .set(
      hidden
        ? { hidden_at: hidden.at, hidden_reason: hidden.reason, hidden_by: hidden.by }
        : { hidden_at: null, hidden_reason: null, hidden_by: null },
    )
    .where("id", "=", reviewId)
    .where("hidden_at", hidden ? "is" : "is not", null)
    .returningAll()
    .executeTakeFirst();
}

function adminReviews(db: Db) {
  return db
    .selectFrom("reviews as r")
    .innerJoin(creatorProfileRows.as("p"), "p.id", "r.creator_profile_id")
    .leftJoin(userRows.as("s"), "s.id", "r.subject_user_id");
}

const adminColumns = [
  displayNameSql.as("creator_name"),
  sql<string | null>`s.name`.as("subject_name"),
] as const;

export type AdminReviewRow = ReviewRow & { creator_name: string; subject_name: string | null };

export async function findAdminReview(db: Db, id: string): Promise<AdminReviewRow | undefined> {
  return adminReviews(db)
    .selectAll("r")
    .select(adminColumns)
    .where("r.id", "=", id)
    .executeTakeFirst();
}

/** Staff's list: newest first, by state, searched by the creator's or the author's name. */
export async function listAdminReviews(db: Db, query: AdminReviewsFilter) {
  let base = adminReviews(db);
  if (query.status === "published")
    base = base.where("r.published_at", "is not", null).where("r.hidden_at", "is", null);
  if (query.status === "blind") base = base.where("r.published_at", "is", null);
  if (query.status === "hidden") base = base.where("r.hidden_at", "is not", null);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb(displayNameSql, "ilike", like), eb("r.author_name", "ilike", like)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll("r")
      .select(adminColumns)
      .orderBy("r.submitted_at", "desc")
      .orderBy("r.id")
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_REVIEWS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AdminReviewRow[], total: Number(count.n) };
}

/** Which of these bookings the user has reviewed (published yet or not). */
export async function bookingsReviewedBy(
  db: Db,
  userId: string,
  bookingIds: string[],
): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .selectFrom("reviews")
    .select("booking_id")
    .where("author_user_id", "=", userId)
    .where("booking_id", "in", bookingIds)
    .execute();
  return rows.flatMap((r) => (r.booking_id ? [r.booking_id] : []));
}
