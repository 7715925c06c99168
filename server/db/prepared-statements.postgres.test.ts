import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.ts";
import type { Database } from "./database.ts";
import { createStatementNames } from "./prepared-statements.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The statements this session has prepared, by the text they were prepared from. */
async function preparedOnThisConnection(db: Database["db"]) {
  const { rows } = await sql<{
    statement: string;
  }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((r) => r.statement);
}

describe("prepared statements", () => {
  it("names a text the second time it is seen, never multi-statement texts or control", () => {
    const names = createStatementNames(2);
    const read = 'select * from "hails" where "id" = $1';
    expect(names.nameFor(read)).toBeUndefined();
    const name = names.nameFor(read);
    expect(name).toMatch(/^sh_\d+$/);
    expect(names.nameFor(read)).toBe(name);
    for (const text of ["begin", "commit", "select 1; select 2", "set local x = 1"]) {
      names.nameFor(text);
      expect(names.nameFor(text)).toBeUndefined();
    }
    names.nameFor("select 2");
    expect(names.nameFor("select 2")).toBeDefined();
    // The bound: no third name, however often a new text comes.
    for (let i = 0; i < 3; i++) expect(names.nameFor("select 3")).toBeUndefined();
    expect(names.size()).toBe(2);
  });

  it("prepares a repeated read once on its connection and answers it as before", async () => {
    await database.db.connection().execute(async (db) => {
      const read = (n: number) => sql<{ n: number }>`select ${n}::int + 1 as n`.execute(db);
      const answers = [];
      for (const n of [1, 2, 3]) answers.push((await read(n)).rows[0]!.n);
      expect(answers).toEqual([2, 3, 4]);
      const prepared = await preparedOnThisConnection(db);
      expect(prepared.filter((s) => s.includes("::int + 1 as n"))).toHaveLength(1);
    });
  });

  it("sends a read again when the table's columns changed under its plan, outside a transaction", async () => {
    await sql`create table prepared_probe (a int)`.execute(database.db);
    await sql`insert into prepared_probe values (1)`.execute(database.db);
    const backend = (db: Database["db"]) =>
      sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db).then((r) => r.rows[0]!.pid);
    let stalePid = 0;
    await database.db.connection().execute(async (db) => {
      stalePid = await backend(db);
      const readAll = () =>
        db
          .selectFrom("prepared_probe" as never)
          .selectAll()
          .execute();
      await readAll();
      expect(await readAll()).toEqual([{ a: 1 }]);
      await sql`alter table prepared_probe add column b int default 7`.execute(db);
      // PostgreSQL refuses the prepared plan ("cached plan must not change result type").
      expect(await readAll()).toEqual([{ a: 1, b: 7 }]);
      // Inside a transaction the refusal fails the transaction, as any database error does.
      await sql`alter table prepared_probe add column c int default 8`.execute(db);
      await expect(
        db.transaction().execute((trx) =>
          trx
            .selectFrom("prepared_probe" as never)
            .selectAll()
            .execute(),
        ),
      ).rejects.toMatchObject({ code: "0A000" });
    });
    // The connection that held the stale plan was closed on release (the pool would hand the
    // last released connection out next): reads work again.
    expect(await database.db.connection().execute(backend)).not.toBe(stalePid);
    const rows = await database.db
      .selectFrom("prepared_probe" as never)
      .selectAll()
      .execute();
    expect(rows).toEqual([{ a: 1, b: 7, c: 8 }]);
  });
});
