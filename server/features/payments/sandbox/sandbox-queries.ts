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

export async function storeRequest(
  trx: Trx,
  requestId: string,
  response: { operation: string; result: unknown },
) {
  await trx
    .insertInto("sandbox_payment_requests")
    .values({ request_id: requestId, response: JSON.stringify(response) })
    .execute();
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
