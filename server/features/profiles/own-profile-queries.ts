import { type Kysely, sql, type Updateable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { DB, PhotographerProfiles } from "../../db/schema.ts";

// A creator's own profile and portfolio, as onboarding creates them and profile setup edits
// them. Other domains reach these through own-profile-service.ts.

export async function findProfileOfUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("photographer_profiles")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

const profileOfUser = (db: Kysely<DB>, userId: string) =>
  db.selectFrom("photographer_profiles").select("id").where("user_id", "=", userId);
// Compiled once: every creator-level request asks for the approved one.
const profileIdQuery = {
  any: compiledOnce(profileOfUser),
  approved: compiledOnce((db, userId: string) =>
    profileOfUser(db, userId).where("approved", "=", true),
  ),
};

/** The id of the user's profile; with `approved`, only once staff approved it. */
export async function profileIdOfUser(
  db: Kysely<DB>,
  userId: string,
  only: { approved?: true } = {},
) {
  const [row] = await profileIdQuery[only.approved ? "approved" : "any"](db, userId);
  return row?.id;
}

export type ApprovedProfileValues = {
  user_id: string;
  application_id: string;
  full_name: string;
  business_name: string | null;
  bio: string | null;
  specialties: string[];
  portfolio_url: string | null;
  city: string | null;
  phone: string | null;
  travel_radius: number | null;
};

export async function insertApprovedProfile(db: Kysely<DB>, values: ApprovedProfileValues) {
  return db
    .insertInto("photographer_profiles")
    .values({ ...values, service_location: values.city, approved: true })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateProfileOfUser(
  db: Kysely<DB>,
  userId: string,
  values: Updateable<PhotographerProfiles>,
) {
  return db
    .updateTable("photographer_profiles")
    .set({ ...values, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPortfolioRows(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("portfolio_items")
    .select(["id", "image_path", "sort_order", "caption", "width", "height"])
    .where("user_id", "=", userId)
    .orderBy("sort_order")
    .orderBy("created_at")
    .execute();
}

export async function portfolioSize(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("portfolio_items")
    .select([(eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.max("sort_order").as("last")])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), last: row.last === null ? -1 : Number(row.last) };
}

export type NewPortfolioItem = {
  user_id: string;
  image_path: string;
  width: number;
  height: number;
  sort_order: number;
};

export async function insertPortfolioItem(db: Kysely<DB>, values: NewPortfolioItem) {
  await db.insertInto("portfolio_items").values(values).execute();
}

/** Holds the creator's profile row until the transaction ends: one portfolio writer at a time. */
export async function lockProfileOfUser(db: Kysely<DB>, userId: string) {
  await db
    .selectFrom("photographer_profiles")
    .select("user_id")
    .where("user_id", "=", userId)
    .forUpdate()
    .execute();
}

export async function findPortfolioItem(db: Kysely<DB>, userId: string, id: string) {
  return db
    .selectFrom("portfolio_items")
    .select("image_path")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function deletePortfolioItem(db: Kysely<DB>, userId: string, id: string) {
  return db
    .deleteFrom("portfolio_items")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("image_path")
    .executeTakeFirst();
}

/** Rewrites sort_order as 0..n-1 in the given order; the first becomes the cover. */
export async function reorderPortfolio(db: Kysely<DB>, userId: string, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable("portfolio_items")
      .set({ sort_order: index })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .execute();
  }
}
