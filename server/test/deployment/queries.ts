import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

// What the deployment test reads back from the database to judge the run.

type Db = Kysely<DB>;

export type WaitingJob = { name: string; state: string; retryCount: number; output: unknown };

/**
 * Jobs due now that are waiting, being retried or running (pg-boss's own table), and every
 * settlement not completed yet, due or not: one a killed worker was running waits out its
 * retry delay, and must then complete too.
 */
export async function jobsWaiting(db: Db): Promise<WaitingJob[]> {
  const { rows } = await sql<WaitingJob>`
    select name, state, retry_count as "retryCount", output from pgboss.job
     where state in ('created', 'retry', 'active')
       and (start_after <= now() or name = 'payments.settle-booking')`.execute(db);
  return rows;
}

export async function bookingStatuses(db: Db, ids: string[]): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom("bookings")
    .select(["id", "status"])
    .where("id", "in", ids)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

export async function existingMessages(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom("messages").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Each booking's ledger kinds, sorted: a movement recorded twice shows twice. */
export async function ledgerLines(db: Db, bookingIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("payment_ledger")
    .select(["booking_id", "kind"])
    .where("booking_id", "in", bookingIds)
    .orderBy("kind")
    .execute();
  const lines = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.booking_id) continue;
    lines.set(r.booking_id, [...(lines.get(r.booking_id) ?? []), r.kind]);
  }
  return lines;
}

export type SettlementJob = { bookingId: string; state: string; retryCount: number };

/** Every settlement job sent (one row each, however often it was attempted). */
export async function settlementJobs(db: Db): Promise<SettlementJob[]> {
  const { rows } = await sql<SettlementJob>`
    select data->>'bookingId' as "bookingId", state, retry_count as "retryCount"
      from pgboss.job where name = 'payments.settle-booking'`.execute(db);
  return rows;
}

/** The ids of the events a user's stream may receive after `after` (through `through`). */
export async function eventsFor(
  db: Db,
  userId: string,
  after: number,
  through = Number.MAX_SAFE_INTEGER,
): Promise<number[]> {
  const rows = await db
    .selectFrom("realtime_events")
    .select("id")
    .where("id", ">", after)
    .where("id", "<=", through)
    .where((eb) =>
      eb.or([
        eb("audience", "=", "public"),
        eb.and([eb("audience", "=", "user"), eb("user_id", "=", userId)]),
      ]),
    )
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

/**
 * From a settlement's enqueueing (inside the decline's transaction) to a worker starting it,
 * in ms: its median and 95th percentile.
 */
export async function jobPickupMs(db: Db): Promise<{ p50: number; p95: number }> {
  const { rows } = await sql<{ p50: number; p95: number }>`
    select round(percentile_cont(0.5) within group (order by ms))::int as p50,
           round(percentile_cont(0.95) within group (order by ms))::int as p95
      from (select extract(epoch from started_on - created_on) * 1000 as ms
              from pgboss.job where name = 'payments.settle-booking' and started_on is not null) t`.execute(
    db,
  );
  return rows[0] ?? { p50: 0, p95: 0 };
}
