import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { PROJECT_ROOT } from "../platform/project-root.ts";

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "server/db/migrations");

// An arbitrary constant: every process migrating the same PostgreSQL takes this lock first.
const MIGRATION_LOCK_ID = 7_420_011;

export type Migration = { name: string; sql: string };

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), "utf8") }));
}

/** A migration's fingerprint: its SQL with line endings normalised, hashed. */
export const checksumOf = (sql: string) =>
  createHash("sha256").update(sql.replaceAll("\r\n", "\n")).digest("hex");

export class MigrationChangedError extends Error {}

/**
 * Which of `names` (this build's migrations) the database has not applied: a process whose
 * schema is behind is not ready for traffic. Throws when the database cannot be reached.
 */
export async function pendingMigrations(pool: pg.Pool, names: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>("select name from schema_migrations");
  const applied = new Set(rows.map((r) => r.name));
  return names.filter((name) => !applied.has(name));
}

/**
 * Applies pending migrations in order, each in its own transaction, and records each one's
 * checksum. A migration already applied is never run again — so one whose file changed since
 * is refused, naming it: a database migrated from the old text would silently differ from one
 * migrated from the new. (Applied before checksums were kept, a migration takes its file's
 * checksum of today.) `migrations` is for tests. Returns the names applied.
 */
export async function migrate(pool: pg.Pool, migrations = listMigrations()): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await client.query(
      `create table if not exists schema_migrations (
         name text primary key, applied_at timestamptz not null default now())`,
    );
    await client.query("alter table schema_migrations add column if not exists checksum text");
    const done = new Map(
      (
        await client.query<{ name: string; checksum: string | null }>(
          "select name, checksum from schema_migrations",
        )
      ).rows.map((r) => [r.name, r.checksum]),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      const checksum = checksumOf(migration.sql);
      if (done.has(migration.name)) {
        const recorded = done.get(migration.name);
        if (recorded === null) {
          await client.query("update schema_migrations set checksum = $2 where name = $1", [
            migration.name,
            checksum,
          ]);
        } else if (recorded !== checksum) {
          throw new MigrationChangedError(
            `Migration ${migration.name} was changed after it was applied to this database. Applied migrations are never edited: restore the file and add a new migration for the change.`,
          );
        }
        continue;
      }
      await client.query("begin");
      try {
        await client.query(migration.sql);
        await client.query("insert into schema_migrations (name, checksum) values ($1, $2)", [
          migration.name,
          checksum,
        ]);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
