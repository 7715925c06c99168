import { sql } from "kysely";
import type { Db } from "../db/factories.ts";

/** Rows in every table of the public schema, in one round trip per call. */
// The tables of each database, read once: information_schema is slow on PGlite, and the fuzz
// suite counts rows after every request.
const tablesOf = new WeakMap<Db, Promise<{ name: string }[]>>();

function tableNames(db: Db) {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`
      .execute(db)
      .then((r) => r.rows);
    tablesOf.set(db, tables);
  }
  return tables;
}

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await tableNames(db);
  if (tables.length === 0) return {};
  const counts = sql.join(
    tables.map(
      ({ name }) => sql`select ${name}::text as name, count(*)::int as n from ${sql.table(name)}`,
    ),
    sql` union all `,
  );
  const { rows } = await sql<{ name: string; n: number }>`${counts}`.execute(db);
  return Object.fromEntries(rows.map(({ name, n }) => [name, n]));
}

/**
 * A mark that moves past the last one by more than one once any transaction has written in
 * between: the id of this call's own transaction. Ids are handed out in order, and only to a
 * transaction that writes (a read takes none), so a caller that takes a mark before counting
 * can skip the count while nothing wrote. On a shared PostgreSQL server other databases' writes
 * move it too: the count is then taken though it was not needed.
 */
export async function writeMark(db: Db): Promise<bigint> {
  const { rows } = await sql<{ id: string }>`select txid_current()::text as id`.execute(db);
  return BigInt(rows[0]!.id);
}
