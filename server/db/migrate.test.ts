import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.ts";
import type { Database } from "./database.ts";
import { checksumOf, listMigrations, MigrationChangedError, migrate } from "./migrate.ts";

// Migrations are never edited: each applied migration's checksum is kept, and start-up refuses
// one whose file changed since, naming it.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const recorded = async (name: string) =>
  (
    await database.pool.query<{ checksum: string | null }>(
      "select checksum from schema_migrations where name = $1",
      [name],
    )
  ).rows[0]?.checksum;

describe("migrate", () => {
  it("records each migration's checksum and applies nothing twice", async () => {
    const migrations = listMigrations();
    expect(await migrate(database.pool, migrations)).toEqual([]);
    const first = migrations[0]!;
    expect(await recorded(first.name)).toBe(checksumOf(first.sql));
  });

  it("refuses an applied migration whose file changed, naming it", async () => {
    const migrations = listMigrations();
    const edited = migrations.map((m, i) =>
      i === 5 ? { ...m, sql: `${m.sql}\n-- a later edit\n` } : m,
    );
    const attempt = migrate(database.pool, edited);
    await expect(attempt).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(migrate(database.pool, edited)).rejects.toThrow(
      `Migration ${migrations[5]!.name} was changed after it was applied`,
    );
    // Line endings alone are not a change.
    const crlf = migrations.map((m) => ({ ...m, sql: m.sql.replaceAll("\n", "\r\n") }));
    expect(await migrate(database.pool, crlf)).toEqual([]);
  });

  it("takes today's checksum for a migration applied before checksums were kept", async () => {
    const migrations = listMigrations();
    const last = migrations.at(-1)!;
    await database.pool.query("update schema_migrations set checksum = null where name = $1", [
      last.name,
    ]);
    expect(await migrate(database.pool, migrations)).toEqual([]);
    expect(await recorded(last.name)).toBe(checksumOf(last.sql));
  });

  it("applies a new migration and keeps its checksum", async () => {
    const added = { name: "999_test_only.sql", sql: "create table migrate_test_only (id int);" };
    expect(await migrate(database.pool, [...listMigrations(), added])).toEqual([added.name]);
    expect(await recorded(added.name)).toBe(checksumOf(added.sql));
  });
});
