import type { Kysely } from "kysely";
import { TIER_RULES } from "../../../contracts/constants.ts";
import { TIER_PERCENT, type TierName, type TierProgress } from "../../../contracts/payouts.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import {
  approvedCreatorIds,
  selectTierFigures,
  selectTierHistory,
  upsertTierOfDay,
} from "./tier-queries.ts";
import { dayOf, eliteRatingKept, eliteWindowStart, progressOf, tierFor } from "./tier-rules.ts";

// Each creator's tier: computed from their profile's figures and their daily history, written
// once a day by the tiers job (idempotent for the day), read at a booking's confirmation.

type Db = Kysely<DB>;

async function figuresOf(db: Db, profileId: string) {
  const row = await selectTierFigures(db, profileId);
  if (!row) return undefined;
  return {
    jobsCompleted: row.jobs_completed,
    rating: Number(row.rating_avg),
    vip: row.vip_invited_at !== null,
    storedTier: row.tier as TierName | null,
  };
}

/** The history before `today`: its oldest day, the lowest rating in the window, and since when
 * the rating has stayed at or above Elite's minimum. */
async function historyOf(db: Db, profileId: string, today: string, windowStart: string) {
  const row = await selectTierHistory(db, profileId, today, windowStart);
  return {
    oldestDay: row?.oldest ?? null,
    lowestRatingInWindow: row?.lowest == null ? null : Number(row.lowest),
    keptSince: row?.lastBelow ?? row?.oldest ?? null,
  };
}

export async function computeTier(db: Db, profileId: string, now: Date) {
  const figures = await figuresOf(db, profileId);
  if (!figures) return undefined;
  const today = dayOf(now);
  const windowStart = eliteWindowStart(today);
  const history = await historyOf(db, profileId, today, windowStart);
  const kept = eliteRatingKept({ ...history, ratingToday: figures.rating, windowStart });
  const tier = tierFor({ ...figures, eliteRatingKept: kept });
  const keptSince =
    figures.rating >= TIER_RULES.eliteMinRating ? (history.keptSince ?? today) : null;
  return { tier, today, figures, keptSince };
}

/** Today's snapshot and tier for one creator; running it again the same day rewrites the same. */
export async function recordTierOfDay(db: Db, profileId: string, now: Date): Promise<TierName> {
  const computed = await computeTier(db, profileId, now);
  if (!computed) throw new Error(`no creator ${profileId}`);
  const { tier, today, figures } = computed;
  await upsertTierOfDay(
    db,
    { profileId, today, jobsCompleted: figures.jobsCompleted, rating: figures.rating, tier },
    now,
  );
  return tier;
}

/** The daily job: every approved creator's snapshot and tier. */
export async function recordDailyTiers(deps: AppDeps, now: Date): Promise<number> {
  const creators = await approvedCreatorIds(deps.database.db);
  for (const c of creators) {
    await deps.database.db.transaction().execute((trx) => recordTierOfDay(trx, c.id, now));
  }
  return creators.length;
}

/** The tier a booking confirmed now takes: today's stored tier, else computed (no history). */
export async function currentTier(db: Db, profileId: string, now: Date): Promise<TierName> {
  const figures = await figuresOf(db, profileId);
  if (figures?.vip) return "vip";
  if (figures?.storedTier) return figures.storedTier;
  return (await computeTier(db, profileId, now))?.tier ?? "starter";
}

export async function tierProgress(db: Db, profileId: string, now: Date): Promise<TierProgress> {
  const computed = await computeTier(db, profileId, now);
  const tier = await currentTier(db, profileId, now);
  if (!computed)
    return progressOf(tier, { jobsCompleted: 0, rating: 0, keptSince: null, today: dayOf(now) });
  return progressOf(tier, {
    jobsCompleted: computed.figures.jobsCompleted,
    rating: computed.figures.rating,
    keptSince: computed.keptSince,
    today: computed.today,
  });
}

export const percentOfTier = (tier: TierName) => TIER_PERCENT[tier];
