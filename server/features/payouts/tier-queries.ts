import { type Kysely, sql } from "kysely";
import { TIER_RULES } from "../../../contracts/constants.ts";
import type { TierName } from "../../../contracts/payouts.ts";
import type { DB } from "../../db/schema.ts";
import { creatorProfileRows, displayNameSql } from "../profiles/listed-creator-fragments.ts";

type Db = Kysely<DB>;

/** The profile's figures a tier is computed from, with its stored tier and VIP invitation. */
export function selectTierFigures(db: Db, profileId: string) {
  return db
    .selectFrom(creatorProfileRows.as("p"))
    .leftJoin("creator_tiers as t", "t.creator_profile_id", "p.id")
    .select(["p.jobs_completed", "p.rating_avg", "t.vip_invited_at", "t.tier", "t.computed_on"])
    .where("p.id", "=", profileId)
    .executeTakeFirst();
}

/** The history before `today`: its oldest day, the lowest rating in the window, and the day after
 * the rating was last below Elite's minimum. */
export function selectTierHistory(db: Db, profileId: string, today: string, windowStart: string) {
  return db
    .selectFrom("creator_tier_history")
    .select([
      sql<string | null>`min(day)::text`.as("oldest"),
      sql<string | null>`min(rating) filter (where day >= ${windowStart}::date)::text`.as("lowest"),
      sql<
        string | null
      >`(max(day) filter (where rating < ${TIER_RULES.eliteMinRating}) + 1)::text`.as("lastBelow"),
    ])
    .where("creator_profile_id", "=", profileId)
    .where("day", "<", sql<Date>`${today}::date`)
    .executeTakeFirst();
}

/** Writes the day's snapshot and the creator's tier; the same day again rewrites the same. */
export async function upsertTierOfDay(
  db: Db,
  day: { profileId: string; today: string; jobsCompleted: number; rating: number; tier: TierName },
  now: Date,
) {
  const { profileId, today, jobsCompleted, rating, tier } = day;
  await db
    .insertInto("creator_tier_history")
    .values({
      creator_profile_id: profileId,
      day: sql<Date>`${today}::date`,
      jobs_completed: jobsCompleted,
      rating: String(rating),
      tier,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(["creator_profile_id", "day"]).doUpdateSet({
        jobs_completed: jobsCompleted,
        rating: String(rating),
        tier,
      }),
    )
    .execute();
  await db
    .insertInto("creator_tiers")
    .values({
      creator_profile_id: profileId,
      tier,
      computed_on: sql<Date>`${today}::date`,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column("creator_profile_id")
        .doUpdateSet({ tier, computed_on: sql<Date>`${today}::date`, updated_at: now }),
    )
    .execute();
}

/** Every approved creator's profile id. */
export function approvedCreatorIds(db: Db) {
  return db
    .selectFrom(creatorProfileRows.as("photographer_profiles"))
    .select("id")
    .where("approved", "=", true)
    .execute();
}

/** Staff's Tiers tab: every approved creator (500 at most), by name, with the stored tier. */
export function selectTierList(db: Db) {
  return db
    .selectFrom(creatorProfileRows.as("p"))
    .leftJoin("creator_tiers as t", "t.creator_profile_id", "p.id")
    .select([
      "p.id",
      displayNameSql.as("name"),
      "p.jobs_completed",
      "p.rating_avg",
      "t.tier",
      "t.vip_invited_at",
      sql<string | null>`t.computed_on::text`.as("computed_on"),
    ])
    .where("p.approved", "=", true)
    .orderBy("name")
    .limit(500)
    .execute();
}

/** Locks an approved creator's profile for a tier change; undefined when there is none. */
export function lockApprovedCreator(trx: Db, profileId: string) {
  return trx
    .selectFrom(creatorProfileRows.as("photographer_profiles"))
    .select("id")
    .where("id", "=", profileId)
    .where("approved", "=", true)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets or clears the creator's VIP invitation (a new tier row starts at Starter, or VIP). */
export async function upsertVipInvitation(
  trx: Db,
  change: { profileId: string; vip: boolean; staffUserId: string },
  now: Date,
) {
  const { profileId, vip, staffUserId } = change;
  await trx
    .insertInto("creator_tiers")
    .values({
      creator_profile_id: profileId,
      tier: vip ? "vip" : "starter",
      vip_invited_at: vip ? now : null,
      vip_invited_by: vip ? staffUserId : null,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column("creator_profile_id").doUpdateSet({
        vip_invited_at: vip ? now : null,
        vip_invited_by: vip ? staffUserId : null,
        updated_at: now,
      }),
    )
    .execute();
}
