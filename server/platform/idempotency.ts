import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { compiledOnce } from "../db/compiled-once.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "./errors.ts";

export type StoredResponse = { status: number; body: unknown };

/** Same request, same hash: keys are sorted so property order never matters. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical(value)))
    .digest("hex");
}

/**
 * Serialises requests that share one key (a double click sends two at once) for the rest of
 * the transaction, then answers with the stored response of an earlier one, if any.
 */
export async function claimIdempotencyKey(
  trx: Kysely<DB>,
  scope: string,
  key: string,
  hash: string,
): Promise<StoredResponse | null> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${key}`}, 0))`.execute(trx);
  const row = await trx
    .selectFrom("idempotency_keys")
    .select(["request_hash", "response_status", "response_body"])
    .where("scope", "=", scope)
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw new AppError(
      "conflict",
      "This idempotency key was already used for a different request. Send a new key.",
    );
  }
  return { status: row.response_status, body: row.response_body };
}

/** The row that keeps `response` under the key. */
/** A key's row; the response's body already serialized (a compiled statement's parameter). */
const storedRow = (scope: string, key: string, hash: string, status: number, body: string) => ({
  scope,
  key,
  request_hash: hash,
  response_status: status,
  response_body: body,
});

const claimQuery = compiledOnce(
  (db: Kysely<DB>, scope: string, key: string, hash: string, status: number, body: string) =>
    db
      .insertInto("idempotency_keys")
      .values(storedRow(scope, key, hash, status, body))
      .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
      .returning("key"),
);

/**
 * claimIdempotencyKey for a request whose response is known before its work (its ids drawn up
 * front): the response is stored at once, in one statement. A concurrent request with the same
 * key waits on the key's unique index until the first one's transaction ends, then finds its
 * response (or, after a rollback, claims the key). Answers the earlier response, or null when
 * this request claimed the key; the caller's transaction keeps or rolls back the claim.
 */
export async function claimIdempotencyKeyWith(
  trx: Kysely<DB>,
  scope: string,
  key: string,
  hash: string,
  response: StoredResponse,
): Promise<StoredResponse | null> {
  const [claimed] = await claimQuery(
    trx,
    scope,
    key,
    hash,
    response.status,
    JSON.stringify(response.body),
  );
  if (claimed) return null;
  return claimIdempotencyKey(trx, scope, key, hash);
}

export async function storeIdempotentResponse(
  db: Kysely<DB>,
  scope: string,
  key: string,
  hash: string,
  response: StoredResponse,
) {
  await db
    .insertInto("idempotency_keys")
    .values(storedRow(scope, key, hash, response.status, JSON.stringify(response.body)))
    .onConflict((oc) =>
      oc.columns(["scope", "key"]).doUpdateSet({
        response_status: response.status,
        response_body: JSON.stringify(response.body),
      }),
    )
    .execute();
}

/** A retried submit arrives within minutes; a week is far longer than any client retries. */
export const IDEMPOTENCY_KEY_TTL_DAYS = 7;

/** Deletes idempotency keys older than the TTL at `now`; answers how many went. */
export async function pruneIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_DAYS * 24 * 60 * 60 * 1000);
  const result = await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
