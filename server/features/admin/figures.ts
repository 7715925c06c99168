import { type Kysely, sql } from "kysely";
import {
  ADMIN_CHART_MAX_WEEKS,
  type AdminFigures,
  type AdminPeriod,
} from "../../../contracts/back-office.ts";
import { CURRENCY } from "../../../contracts/constants.ts";
import type { DB } from "../../db/schema.ts";
import type { DatabaseDeps } from "../../platform/deps.ts";
import { countListedCreators } from "../profiles/service.ts";

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

// Money that moved: captures in, refunds out. Authorizations, voids and re-authorizations
// move nothing.
const signedAmount = sql<number>`case when l.kind in ('deposit_capture', 'remainder_capture')
  then l.amount_cents when l.kind = 'refund' then -l.amount_cents else 0 end`;

function inPeriod(from: Date | null, to: Date) {
  return from ? sql`l.created_at >= ${from} and l.created_at < ${to}` : sql`l.created_at < ${to}`;
}

async function totals(db: Kysely<DB>, from: Date | null, to: Date) {
  const { rows } = await sql<{
    bookings: number;
    creators: number;
    revenue: number;
    fees: number;
  }>`with paid as (
      select distinct l.booking_id from payment_ledger l
      where l.kind = 'deposit_capture' and ${inPeriod(from, to)})
    select
      (select count(*) from paid)::int as bookings,
      (select count(distinct b.creator_profile_id) from bookings b
        join paid on paid.booking_id = b.id)::int as creators,
      (select coalesce(sum(${signedAmount}), 0) from payment_ledger l
        where ${inPeriod(from, to)})::bigint as revenue,
      (select coalesce(sum(b.fee_cents), 0) from bookings b join paid on paid.booking_id = b.id
        where b.status in ('pending', 'confirmed', 'completed'))::bigint as fees`.execute(db);
  const row = rows[0]!;
  return {
    bookings: Number(row.bookings),
    bookedCreators: Number(row.creators),
    revenueCents: Number(row.revenue),
    platformFeeCents: Number(row.fees),
  };
}

async function weekly(db: Kysely<DB>, from: Date | null, to: Date) {
  const { rows } = await sql<{ week: string; bookings: number; revenue: number }>`
    select to_char(date_trunc('week', l.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      count(distinct l.booking_id) filter (where l.kind = 'deposit_capture')::int as bookings,
      coalesce(sum(${signedAmount}), 0)::bigint as revenue
    from payment_ledger l where ${inPeriod(from, to)}
    group by 1 order by 1`.execute(db);
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

/**
 * The commission the platform kept in the period: its commission lines in the payout ledger
 * less the commission it gave back on refunds (the platform's 'refund' lines).
 */
async function commission(db: Kysely<DB>, from: Date | null, to: Date) {
  const { rows } = await sql<{ cents: number }>`
    select coalesce(sum(l.amount_cents), 0)::bigint as cents from payout_lines l
    where l.account = 'platform' and l.kind in ('commission', 'refund')
      and ${inPeriod(from, to)}`.execute(db);
  return Number(rows[0]?.cents ?? 0);
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
