import { type Kysely, sql } from "kysely";
import { GALLERY_MAX_IMAGES, PORTFOLIO_PAGE_SIZE } from "../../../contracts/constants.ts";
import type { CreatorType } from "../../../contracts/enums.ts";
import {
  type Comment,
  PROFILE_REVIEWS_SHOWN,
  type PublicPortfolioItem,
  type Review,
} from "../../../contracts/profiles.ts";
import type { DB } from "../../db/schema.ts";
import { userNameSql } from "../accounts/user-name-fragments.ts";
import { displayNameSql, listedCreators, listedSql } from "./listed-creator-fragments.ts";

type Db = Kysely<DB>;

export type ListedProfile = {
  id: string;
  userId: string;
  name: string;
  specialties: string[];
  type: CreatorType;
  city: string | null;
  bio: string | null;
  avatarKey: string | null;
  rating: number;
  reviewCount: number;
  jobsCompleted: number;
  hourlyRateCents: number | null;
  availableNow: boolean;
};

/** A creator's public data, only when published and approved (else null: not found). */
export async function findListedProfile(db: Db, id: string): Promise<ListedProfile | null> {
  const row = await listedCreators(db)
    .select([
      "p.id",
      "p.user_id",
      displayNameSql.as("name"),
      "p.specialties",
      "p.creator_type",
      "p.city",
      "p.bio",
      "p.avatar_path",
      "p.rating_avg",
      "p.review_count",
      "p.jobs_completed",
      "p.hourly_rate_cents",
      "p.available_now",
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    specialties: row.specialties,
    type: row.creator_type as CreatorType,
    city: row.city,
    bio: row.bio,
    avatarKey: row.avatar_path,
    rating: Number(row.rating_avg),
    reviewCount: row.review_count,
    jobsCompleted: row.jobs_completed,
    hourlyRateCents: row.hourly_rate_cents,
    availableNow: row.available_now,
  };
}

export async function countListed(db: Db): Promise<number> {
  const row = await listedCreators(db)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The first images in portfolio order (cover first), for the gallery. */
export async function findGallery(db: Db, userId: string) {
  const rows = await db
    .selectFrom("portfolio_items")
    .select(["id", "image_path", "caption"])
    .where("user_id", "=", userId)
    .orderBy("sort_order")
    .orderBy("created_at")
    .orderBy("id")
    .limit(GALLERY_MAX_IMAGES)
    .execute();
  return rows.map((r) => ({ id: r.id, imageKey: r.image_path, caption: r.caption }));
}

export async function countPortfolio(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("portfolio_items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPortfolioPage(
  db: Db,
  userId: string,
  page: number,
  viewerId: string | null,
): Promise<PublicPortfolioItem[]> {
  const rows = await db
    .selectFrom("portfolio_items as i")
    .select([
      "i.id",
      "i.image_path",
      "i.caption",
      "i.width",
      "i.height",
      "i.like_count",
      sql<boolean>`exists (select 1 from portfolio_likes l where l.item_id = i.id and l.user_id = ${viewerId ?? ""})`.as(
        "liked",
      ),
      sql<number>`(select count(*) from portfolio_comments c where c.item_id = i.id)::int`.as(
        "comment_count",
      ),
    ])
    .where("i.user_id", "=", userId)
    .orderBy("i.sort_order")
    .orderBy("i.created_at")
    .orderBy("i.id")
    .limit(PORTFOLIO_PAGE_SIZE)
    .offset((page - 1) * PORTFOLIO_PAGE_SIZE)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    imageKey: r.image_path,
    caption: r.caption,
    width: r.width,
    height: r.height,
    likeCount: r.like_count,
    likedByMe: r.liked,
    commentCount: r.comment_count,
  }));
}

export async function findReviews(db: Db, profileId: string): Promise<Review[]> {
  const rows = await db
    .selectFrom("reviews")
    .select(["id", "author_name", "rating", "comment", "created_at", "reply", "replied_at"])
    .where("creator_profile_id", "=", profileId)
    // Public: the clients' reviews once published (never while blind), unless staff hid them.
    .where("direction", "=", "client_to_creator")
    .where("published_at", "is not", null)
    .where("hidden_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(PROFILE_REVIEWS_SHOWN)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    author: r.author_name,
    rating: r.rating,
    comment: r.comment,
    date: new Date(r.created_at).toISOString(),
    reply:
      r.reply && r.replied_at
        ? { text: r.reply, date: new Date(r.replied_at).toISOString() }
        : null,
  }));
}

/** A portfolio item whose owner is a listed creator (others are never public). */
export async function findListedItem(db: Db, itemId: string) {
  return db
    .selectFrom("portfolio_items as i")
    .innerJoin("photographer_profiles as p", "p.user_id", "i.user_id")
    .select(["i.id", "i.like_count"])
    .where("i.id", "=", itemId)
    .where(listedSql)
    .executeTakeFirst();
}

/**
 * Like or unlike in one statement: the like row is the truth, and the counter moves only by the
 * rows actually inserted or deleted, so concurrent clicks never drift it.
 */
export async function setLike(db: Db, itemId: string, userId: string, liked: boolean) {
  const result = liked
    ? await sql<{ like_count: number }>`
        with changed as (
          insert into portfolio_likes (item_id, user_id) values (${itemId}, ${userId})
          on conflict do nothing returning 1
        )
        update portfolio_items set like_count = like_count + (select count(*) from changed)
        where id = ${itemId} returning like_count`.execute(db)
    : await sql<{ like_count: number }>`
        with changed as (
          delete from portfolio_likes where item_id = ${itemId} and user_id = ${userId}
          returning 1
        )
        update portfolio_items set like_count = like_count - (select count(*) from changed)
        where id = ${itemId} returning like_count`.execute(db);
  return result.rows[0]?.like_count ?? 0;
}

export async function findComments(db: Db, itemId: string): Promise<Comment[]> {
  const rows = await db
    .selectFrom("portfolio_comments as c")
    .select(["c.id", "c.body", "c.created_at", userNameSql("c.user_id").as("name")])
    .where("c.item_id", "=", itemId)
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
  return rows.map(toComment);
}

export async function insertComment(db: Db, itemId: string, userId: string, body: string) {
  const row = await db
    .insertInto("portfolio_comments")
    .values({ item_id: itemId, user_id: userId, body })
    .returning(["id", "body", "created_at", userNameSql("portfolio_comments.user_id").as("name")])
    .executeTakeFirstOrThrow();
  return toComment(row);
}

function toComment(r: { id: string; body: string; created_at: Date | string; name: string }) {
  return {
    id: r.id,
    author: r.name,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
