import type { AdminTiersResponse, TierName } from "../../../contracts/payouts.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { recordStaffAction } from "../staff/audit.ts";
import { lockApprovedCreator, selectTierList, upsertVipInvitation } from "./tier-queries.ts";
import { currentTier, recordTierOfDay } from "./tiers.ts";

/** Staff's Tiers tab: every approved creator, their tier and figures. */
export async function listTiers(deps: AppDeps): Promise<AdminTiersResponse> {
  const rows = await selectTierList(deps.database.db);
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
    const creator = await lockApprovedCreator(trx, profileId);
    if (!creator) throw new AppError("not_found", "No such creator");
    await upsertVipInvitation(trx, { profileId, vip, staffUserId }, now);
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
