import { sql } from "kysely";
import { TIER_NAMES, TIER_PERCENT } from "../../../contracts/payouts.ts";

// A query fragment other domains build on (docs/decisions/007-table-ownership.md).

/**
 * The commission percent a booking of the creator `profileIdColumn` confirmed now would take,
 * as currentTier (tiers.ts) decides it: VIP when invited, else the tier the daily job stored,
 * else Starter (a creator the job has not reached yet).
 */
export function tierPercentSql(profileIdColumn: string) {
  const byTier = sql.join(
    TIER_NAMES.map((t) => sql`when ${sql.lit(t)} then ${sql.lit(TIER_PERCENT[t])}`),
    sql` `,
  );
  return sql<number>`coalesce((select case when t.vip_invited_at is not null
      then ${sql.lit(TIER_PERCENT.vip)} else case t.tier ${byTier} end end
    from creator_tiers t where t.creator_profile_id = ${sql.ref(profileIdColumn)}),
    ${sql.lit(TIER_PERCENT.starter)})`;
}
