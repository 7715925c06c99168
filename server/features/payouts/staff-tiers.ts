import { sql } from "kysely";
import type { AdminTiersResponse, TierName } from "../../../contracts/payouts.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { displayNameSql } from "../profiles/listed-creators.ts";
import { recordStaffAction } from "../staff/audit.ts";
import { currentTier, recordTierOfDay } from "./tiers.ts";

/** Staff's Tiers tab: every approved creator, their tier and figures. */
export async function listTiers(deps: AppDeps): Promise<AdminTiersResponse> {
  const rows = await deps.database.db
    .selectFrom("photographer_profiles as p")
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
  const now = deps.now();
  const items = [];
  for (const r of rows) {
    items.push({
      creatorProfileId: r.id,
      creatorName: r.name,
      tier: (r.tier as TierName | null) ?? (await currentTier(deps.database.db, r.id, now)),
      vip: r.vip_invited_at !== null,
      jobsCompleted: r.jobs_completed,
      rating: Number(r.rating_avg),
      computedOn: r.computed_on,
    });
  }
  return { items };
}

/** Staff invite a creator to VIP (5 %) or remove them; the tier changes at once. */
export async function setVip(
  deps: AppDeps,
  profileId: string,
  staffUserId: string,
  vip: boolean,
  reason: string | null,
): Promise<TierName> {
  const now = deps.now();
  return deps.database.db.transaction().execute(async (trx) => {
    const creator = await trx
      .selectFrom("photographer_profiles")
      .select("id")
      .where("id", "=", profileId)
      .where("approved", "=", true)
      .forUpdate()
      .executeTakeFirst();
    if (!creator) throw new AppError("not_found", "No such creator");
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
    const tier = await recordTierOfDay(trx, profileId, now);
    await recordStaffAction(
      trx,
      {
        actorUserId: staffUserId,
        action: vip ? "tier.vip_invite" : "tier.vip_remove",
        targetType: "creator",
        targetId: profileId,
        reason,
        details: { tier },
      },
      now,
    );
    return tier;
  });
}
