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
