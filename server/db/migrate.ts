import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { PROJECT_ROOT } from "../platform/project-root.ts";

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "server/db/migrations");

// An arbitrary constant: every process migrating the same PostgreSQL takes this lock first.
const MIGRATION_LOCK_ID = 7_420_011;

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), "utf8") }));
}

/** Applies pending migrations in order, each in its own transaction. Returns the names applied. */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await client.query(
      `create table if not exists schema_migrations (
         name text primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set(
      (await client.query<{ name: string }>("select name from schema_migrations")).rows.map(
        (r) => r.name,
      ),
    );
    const applied: string[] = [];
    for (const migration of listMigrations()) {
      if (done.has(migration.name)) continue;
      await client.query("begin");
      try {
        await client.query(migration.sql);
        await client.query("insert into schema_migrations (name) values ($1)", [migration.name]);
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
