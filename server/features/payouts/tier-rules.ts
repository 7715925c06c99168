import { TIER_RULES } from "../../../contracts/constants.ts";
import { TIER_PERCENT, type TierName, type TierProgress } from "../../../contracts/payouts.ts";

// The spec's tiers as rules over a creator's figures (contracts/constants.ts TIER_RULES).
// Starter under 10 completed bookings; Pro at 10+ with a rating of at least 4.5; Elite at 50+
// with a rating of at least 4.8 on every daily snapshot of the last 6 months (and a history
// that long); VIP only by staff invitation, which outranks everything else.

export type TierFigures = {
  jobsCompleted: number;
  rating: number;
  vip: boolean;
  /** The history proves the rating stayed at or above Elite's minimum for the whole window. */
  eliteRatingKept: boolean;
};

export function tierFor(f: TierFigures): TierName {
  if (f.vip) return "vip";
  if (
    f.jobsCompleted >= TIER_RULES.eliteMinBookings &&
    f.rating >= TIER_RULES.eliteMinRating &&
    f.eliteRatingKept
  )
    return "elite";
  if (f.jobsCompleted >= TIER_RULES.proMinBookings && f.rating >= TIER_RULES.proMinRating)
    return "pro";
  return "starter";
}

/** "2026-11-25" for a UTC instant: the day a snapshot belongs to. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The first day of the Elite window ending on `day`: the same date 6 months earlier. */
export function eliteWindowStart(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const target = d.getUTCMonth() - TIER_RULES.eliteRatingMonths;
  d.setUTCDate(1);
  d.setUTCMonth(target);
  // 31 August − 6 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(Number(day.slice(8, 10)), lastDay));
  return dayOf(d);
}

/**
 * Elite's rating rule over the history: the oldest snapshot is on or before the window's first
 * day, and no snapshot inside the window (today's figures included) is below the minimum.
 */
export function eliteRatingKept(h: {
  oldestDay: string | null;
  lowestRatingInWindow: number | null;
  ratingToday: number;
  windowStart: string;
}): boolean {
  if (!h.oldestDay || h.oldestDay > h.windowStart) return false;
  const lowest = Math.min(h.ratingToday, h.lowestRatingInWindow ?? h.ratingToday);
  return lowest >= TIER_RULES.eliteMinRating;
}

const DAY_MS = 86_400_000;

/** What the creator needs for the next tier they can reach by work. */
export function progressOf(
  tier: TierName,
  f: { jobsCompleted: number; rating: number; keptSince: string | null; today: string },
): TierProgress {
  const base = {
    tier,
    percent: TIER_PERCENT[tier],
    jobsCompleted: f.jobsCompleted,
    rating: f.rating,
  };
  if (tier === "vip" || tier === "elite") return { ...base, next: null };
  if (tier === "starter" || f.jobsCompleted < TIER_RULES.proMinBookings) {
    return {
      ...base,
      next: {
        tier: "pro",
        percent: TIER_PERCENT.pro,
        bookingsNeeded: Math.max(0, TIER_RULES.proMinBookings - f.jobsCompleted),
        minRating: TIER_RULES.proMinRating,
        daysNeeded: 0,
      },
    };
  }
  // Days until the rating has been kept for the whole window, counting from when it last
  // reached the minimum (all of them when it is below it today).
  const windowDays = Math.round(
    (Date.parse(f.today) - Date.parse(eliteWindowStart(f.today))) / DAY_MS,
  );
  const keptDays = f.keptSince
    ? Math.round((Date.parse(f.today) - Date.parse(f.keptSince)) / DAY_MS)
    : 0;
  return {
    ...base,
    next: {
      tier: "elite",
      percent: TIER_PERCENT.elite,
      bookingsNeeded: Math.max(0, TIER_RULES.eliteMinBookings - f.jobsCompleted),
      minRating: TIER_RULES.eliteMinRating,
      daysNeeded: Math.max(0, windowDays - keptDays),
    },
  };
}
