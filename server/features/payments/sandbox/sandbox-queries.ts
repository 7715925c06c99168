import { type Kysely, sql } from "kysely";
import type { DB } from "../../../db/schema.ts";
import type { Row, Trx } from "./sandbox-store.ts";

// The sandbox provider's books (sandbox_payments) and its request ids (sandbox_payment_requests).

const COLUMNS = [
  "id",
  "kind",
  "parent_id",
  "status",
  "amount_cents",
  "currency",
  "data",
  "expires_at",
] as const;

/** Reads one row, locked for the rest of the transaction (two captures wait for each other). */
export async function lockRow(trx: Trx, id: string, kind: string): Promise<Row | undefined> {
  const row = await trx
    .selectFrom("sandbox_payments")
    .select(COLUMNS)
    .where("id", "=", id)
    .where("kind", "=", kind)
    .forUpdate()
    .executeTakeFirst();
  return row as Row | undefined;
}

export async function updateRow(
  trx: Trx,
  id: string,
  changes: { status?: string; data?: object; expires_at?: Date },
  now: Date,
): Promise<void> {
  await trx
    .updateTable("sandbox_payments")
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.data ? { data: JSON.stringify(changes.data) } : {}),
      ...(changes.expires_at ? { expires_at: changes.expires_at } : {}),
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
}

export async function insertRow(
  trx: Trx,
  row: Omit<Row, "data"> & { data: object },
  now: Date,
): Promise<void> {
  await trx
    .insertInto("sandbox_payments")
    .values({ ...row, data: JSON.stringify(row.data), created_at: now, updated_at: now })
    .execute();
}

/** Reads one provider object of `kind` (unlocked). */
export async function readRow(db: Kysely<DB>, id: string, kind: string) {
  return (await db
    .selectFrom("sandbox_payments")
    .select(COLUMNS)
    .where("id", "=", id)
    .where("kind", "=", kind)
    .executeTakeFirst()) as Row | undefined;
}

/** An order's authorizations and captures, oldest first. */
export async function readOrderChildren(db: Kysely<DB>, orderId: string) {
  const authorizations = (await db
    .selectFrom("sandbox_payments")
    .select(COLUMNS)
    .where("parent_id", "=", orderId)
    .where("kind", "=", "authorization")
    .orderBy("seq")
    .execute()) as Row[];
  const captures = (await db
    .selectFrom("sandbox_payments")
    .select(COLUMNS)
    .where("parent_id", "in", [orderId, ...authorizations.map((a) => a.id)])
    .where("kind", "=", "capture")
    .orderBy("seq")
    .execute()) as Row[];
  return { authorizations, captures };
}

/** Two requests with one id wait for each other here, until the transaction ends. */
export async function lockRequestId(trx: Trx, requestId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`sandbox-payment:${requestId}`}))`.execute(trx);
}

/** The stored answer to a request id, if any. */
export function storedRequest(db: Kysely<DB>, requestId: string) {
  return db
    .selectFrom("sandbox_payment_requests")
    .select("response")
    .where("request_id", "=", requestId)
    .executeTakeFirst();
}

/** Stores a request id's answer; false when the id already has one (nothing stored then). */
export async function storeRequest(
  trx: Trx,
  requestId: string,
  response: { operation: string; result: unknown },
): Promise<boolean> {
  const stored = await trx
    .insertInto("sandbox_payment_requests")
    .values({ request_id: requestId, response: JSON.stringify(response) })
    .onConflict((oc) => oc.column("request_id").doNothing())
    .returning("request_id")
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * Writes `row` and its request id's answer together, in one statement, when the answer is
 * known before the row is written (a new order: its id). False when the id already has an
 * answer: nothing is written. A concurrent request with the same id waits on the id's key
 * until this statement commits.
 */
export async function insertRowOnce(
  db: Kysely<DB>,
  requestId: string,
  response: { operation: string; result: unknown },
  row: Omit<Row, "data"> & { data: object },
  now: Date,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    with claim as (
      insert into sandbox_payment_requests (request_id, response)
      values (${requestId}, ${JSON.stringify(response)}::jsonb)
      on conflict (request_id) do nothing
      returning request_id
    )
    insert into sandbox_payments
      (id, kind, parent_id, status, amount_cents, currency, data, expires_at, created_at, updated_at)
    select ${row.id}, ${row.kind}, ${row.parent_id}::text, ${row.status}, ${row.amount_cents}::integer,
      ${row.currency}, ${JSON.stringify(row.data)}::jsonb, ${row.expires_at}::timestamptz,
      ${now}::timestamptz, ${now}::timestamptz
    from claim
    returning id`.execute(db);
  return rows.length > 0;
}

/** Marks a capture refunded (the demo seed's refunds). */
export async function markCaptureRefunded(trx: Trx, captureId: string) {
  await trx
    .updateTable("sandbox_payments")
    .set({ status: "REFUNDED" })
    .where("id", "=", captureId)
    .execute();
}

/** The order a buyer opens on the checkout page. */
export function readCheckoutOrder(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom("sandbox_payments")
    .select(["id", "status", "amount_cents", "currency", "data", "expires_at"])
    .where("id", "=", orderId)
    .where("kind", "=", "order")
    .executeTakeFirst();
}
