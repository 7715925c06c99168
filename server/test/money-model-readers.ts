import { sql } from "kysely";
import type { TestApp } from "./test-app.ts";

// What the money model (server/fuzz/money-model/) reads after every step: the money tables as
// stored, and the job queue's rows (pg-boss), which the model runs on its own clock.

export async function moneyTables(app: TestApp) {
  const db = app.database.db;
  const [bookings, events, orders, ledger, lines, payouts] = await Promise.all([
    db
      .selectFrom("bookings")
      .select([
        "id",
        "status",
        "remainder_state",
        "deposit_amount_cents",
        "remainder_cents",
        "total_amount_cents",
        "deposit_refund_cents",
      ])
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("booking_events")
      .select(["booking_id", "from_status", "to_status", "note"])
      .orderBy("id")
      .execute(),
    db
      .selectFrom("payment_orders")
      .select([
        "id",
        "booking_id",
        "purpose",
        "status",
        "provider_order_id",
        "authorization_id",
        "capture_id",
      ])
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("payment_ledger")
      .select([
        "id",
        "booking_id",
        "payment_order_id",
        "kind",
        "amount_cents",
        "provider_ref",
        "status",
      ])
      .orderBy("id")
      .execute(),
    db
      .selectFrom("payout_lines")
      .select(["booking_id", "account", "kind", "amount_cents", "creator_profile_id"])
      .orderBy("id")
      .execute(),
    db
      .selectFrom("payouts")
      .select(["id", "booking_id", "status", "amount_cents", "attempt"])
      .execute(),
  ]);
  return { bookings, events, orders, ledger, lines, payouts };
}

export type BookingState = { status: string; remainderState: string };

/** Where each of these bookings stands. */
export async function bookingStates(app: TestApp, ids: string[]) {
  if (!ids.length) return new Map<string, BookingState>();
  const rows = await app.database.db
    .selectFrom("bookings")
    .select(["id", "status", "remainder_state"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { status: r.status, remainderState: r.remainder_state }]));
}

export type MoneyTables = Awaited<ReturnType<typeof moneyTables>>;

export type QueuedJob = { id: string; name: string; data: object; state: string; startAfter: Date };

/** The jobs of these queues that have not completed (created, retry, active or failed). */
export async function queuedJobs(app: TestApp, names: readonly string[]): Promise<QueuedJob[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    data: object;
    state: string;
    start_after: Date;
  }>`select id, name, data, state, start_after from pgboss.job
      where name = any(${[...names]}) and state in ('created', 'retry', 'active', 'failed')
      order by created_on`.execute(app.database.db);
  return rows.map((r) => ({ ...r, startAfter: new Date(r.start_after) }));
}

/** Every job ever sent to these queues, whatever became of it (to run each once more). */
export async function everyJob(app: TestApp, names: readonly string[]) {
  const { rows } = await sql<{ id: string; name: string; data: object }>`
    select id, name, data from pgboss.job where name = any(${[...names]}) order by created_on`.execute(
    app.database.db,
  );
  return rows;
}
