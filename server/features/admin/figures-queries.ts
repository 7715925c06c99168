import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";
import { paymentLedgerRows } from "../payments/ledger-fragments.ts";
import { payoutLineRows } from "../payouts/payout-line-fragments.ts";

// The dashboard's sums over the payments ledger and the payout ledger (figures.ts shapes them).

// Money that moved: captures in, refunds out. Authorizations, voids and re-authorizations
// move nothing.
const signedAmount = sql<number>`case when l.kind in ('deposit_capture', 'remainder_capture')
  then l.amount_cents when l.kind = 'refund' then -l.amount_cents else 0 end`;

function inPeriod(from: Date | null, to: Date) {
  return from ? sql`l.created_at >= ${from} and l.created_at < ${to}` : sql`l.created_at < ${to}`;
}

export async function totals(db: Kysely<DB>, from: Date | null, to: Date) {
  const { rows } = await sql<{
    bookings: number;
    creators: number;
    revenue: number;
    fees: number;
  }>`with paid as (
      select distinct l.booking_id from ${paymentLedgerRows} l
      where l.kind = 'deposit_capture' and ${inPeriod(from, to)})
    select
      (select count(*) from paid)::int as bookings,
      (select count(distinct b.creator_profile_id) from ${bookingRows} b
        join paid on paid.booking_id = b.id)::int as creators,
      (select coalesce(sum(${signedAmount}), 0) from ${paymentLedgerRows} l
        where ${inPeriod(from, to)})::bigint as revenue,
      (select coalesce(sum(b.fee_cents), 0) from ${bookingRows} b join paid on paid.booking_id = b.id
        where b.status in ('pending', 'confirmed', 'completed'))::bigint as fees`.execute(db);
  const row = rows[0]!;
  return {
    bookings: Number(row.bookings),
    bookedCreators: Number(row.creators),
    revenueCents: Number(row.revenue),
    platformFeeCents: Number(row.fees),
  };
}

/** Bookings paid and money moved per ISO week (Monday, UTC) of the period. */
export async function weeklyLedger(db: Kysely<DB>, from: Date | null, to: Date) {
  const { rows } = await sql<{ week: string; bookings: number; revenue: number }>`
    select to_char(date_trunc('week', l.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      count(distinct l.booking_id) filter (where l.kind = 'deposit_capture')::int as bookings,
      coalesce(sum(${signedAmount}), 0)::bigint as revenue
    from ${paymentLedgerRows} l where ${inPeriod(from, to)}
    group by 1 order by 1`.execute(db);
  return rows;
}

/**
 * The commission the platform kept in the period: its commission lines in the payout ledger
 * less the commission it gave back on refunds (the platform's 'refund' lines).
 */
export async function commission(db: Kysely<DB>, from: Date | null, to: Date) {
  const { rows } = await sql<{ cents: number }>`
    select coalesce(sum(l.amount_cents), 0)::bigint as cents from ${payoutLineRows} l
    where l.account = 'platform' and l.kind in ('commission', 'refund')
      and ${inPeriod(from, to)}`.execute(db);
  return Number(rows[0]?.cents ?? 0);
}
