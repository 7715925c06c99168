import type { Kysely } from "kysely";
import {
  ADMIN_CHART_MAX_WEEKS,
  type AdminFigures,
  type AdminPeriod,
} from "../../../contracts/back-office.ts";
import { CURRENCY } from "../../../contracts/constants.ts";
import type { DB } from "../../db/schema.ts";
import type { DatabaseDeps } from "../../platform/deps.ts";
import { countListedCreators } from "../profiles/service.ts";
import { commission, totals, weeklyLedger } from "./figures-queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The first instant of `period` ending at `now`; null for all time. */
export function periodStart(period: AdminPeriod, now: Date): Date | null {
  if (period === "all") return null;
  if (period === "12m") {
    const from = new Date(now);
    from.setUTCFullYear(from.getUTCFullYear() - 1);
    return from;
  }
  return new Date(now.getTime() - Number.parseInt(period, 10) * DAY_MS);
}

/** Monday 00:00 UTC of the week `at` falls in (as PostgreSQL's date_trunc('week') counts). */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

async function weekly(db: Kysely<DB>, from: Date | null, to: Date) {
  const rows = await weeklyLedger(db, from, to);
  const byWeek = new Map(
    rows.map((r) => [
      Date.parse(`${r.week}T00:00:00Z`),
      { bookings: Number(r.bookings), revenueCents: Number(r.revenue) },
    ]),
  );
  const last = weekStart(to).getTime();
  const firstData = rows.length ? Math.min(...byWeek.keys()) : last;
  const first = Math.max(
    from ? weekStart(from).getTime() : firstData,
    last - (ADMIN_CHART_MAX_WEEKS - 1) * WEEK_MS,
  );
  const weeks: AdminFigures["weeks"] = [];
  for (let t = first; t <= last; t += WEEK_MS) {
    const figures = byWeek.get(t) ?? { bookings: 0, revenueCents: 0 };
    weeks.push({ weekStart: new Date(t).toISOString(), ...figures });
  }
  return weeks;
}

/** The dashboard's figures for `period`, from the payments ledger and the payout ledger. */
export async function getFigures(
  deps: DatabaseDeps & { now(): Date },
  period: AdminPeriod,
): Promise<AdminFigures> {
  const db = deps.database.db;
  const to = deps.now();
  const from = periodStart(period, to);
  const [activeCreators, sums, weeks, commissionCents] = await Promise.all([
    countListedCreators(deps),
    totals(db, from, to),
    weekly(db, from, to),
    commission(db, from, to),
  ]);
  return {
    period,
    from: from?.toISOString() ?? null,
    to: to.toISOString(),
    currency: CURRENCY,
    activeCreators,
    ...sums,
    commissionCents,
    weeks,
  };
}
