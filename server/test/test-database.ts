import pg from "pg";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";

/** Which database this Vitest project runs on (set per project in vitest.config.ts). */
export const TEST_DB_KIND = process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";

let counter = 0;

/**
 * A fresh, migrated database for one test file or test: an in-memory PGlite, or a new
 * database on the PostgreSQL at TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (TEST_DB_KIND === "pglite") {
    const database = await openDatabase({ kind: "pglite", inMemory: true });
    await migrate(database.pool);
    return database;
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL must be set for the postgres test project");
  const name = `sh_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  await migrate(database.pool);
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
