import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../db/database.ts";
import { listMigrations, migrate } from "../db/migrate.ts";
import { PROJECT_ROOT } from "../platform/project-root.ts";

/** Which database this Vitest project runs on (set per project in vitest.config.ts). */
export const TEST_DB_KIND = process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";

// Migrating a fresh database costs seconds per test file. Instead the migrated schema is built
// once as a template, named by a hash of the migrations (and PGlite's version), and every test
// database starts as a copy of it. A changed migration gets a new template automatically.
function templateKey(): string {
  const hash = createHash("sha256");
  const pglite = readFileSync(
    path.join(PROJECT_ROOT, "node_modules/@electric-sql/pglite/package.json"),
    "utf8",
  );
  hash.update(JSON.parse(pglite).version);
  for (const m of listMigrations()) hash.update(`${m.name}\0${m.sql}\0`);
  return hash.digest("hex").slice(0, 16);
}

let counter = 0;

/**
 * A fresh, migrated database for one test file or test: an in-memory PGlite, or a new
 * database on the PostgreSQL at TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (TEST_DB_KIND === "pglite") {
    return openDatabase({ kind: "pglite", inMemory: true, loadDataDir: await pgliteTemplate() });
  }
  const created = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: "postgres", url: created.url });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await created.drop();
    },
  };
}

/**
 * A new migrated database on the PostgreSQL at TEST_DATABASE_URL, for a test that opens it
 * itself (or hands its URL to a server process); `drop` removes it, connections or not.
 */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL must be set for the postgres test project");
  const template = await postgresTemplate(baseUrl);
  const name = `sh_test_${process.pid}_${Date.now()}_${counter++}`;
  await withClient(baseUrl, (c) => c.query(`create database ${name} template ${template}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let pgliteTemplatePromise: Promise<Blob> | undefined;

/** The migrated data directory as a tarball, cached on disk so later runs skip migrating. */
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplatePromise ??= (async () => {
    const dir = path.join(PROJECT_ROOT, "node_modules/.cache/shutterhail");
    const file = path.join(dir, `pglite-template-${templateKey()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not built yet: build it below.
    }
    const database = await openDatabase({ kind: "pglite", inMemory: true });
    try {
      await migrate(database.pool);
      const dump = await database.pglite?.dumpDataDir("none");
      if (!dump) throw new Error("PGlite did not dump its data directory");
      // Written under a temporary name and renamed, so a parallel worker never reads half a file.
      mkdirSync(dir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
      renameSync(temp, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return pgliteTemplatePromise;
}

let postgresTemplatePromise: Promise<string> | undefined;

/**
 * A migrated template database on the server, built once under an advisory lock (workers
 * and parallel runs share it), migrated under a temporary name and renamed when complete.
 */
function postgresTemplate(baseUrl: string): Promise<string> {
  postgresTemplatePromise ??= withClient(baseUrl, async (admin) => {
    const name = `sh_template_${templateKey()}`;
    await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
    try {
      const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount) return name;
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(baseUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ kind: "postgres", url: url.toString() });
      try {
        await migrate(database.pool);
      } finally {
        await database.close();
      }
      // The pool has ended, but the server may not have noticed its connections closing yet.
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
        [building],
      );
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock(hashtext($1))", [name]);
    }
  });
  return postgresTemplatePromise;
}
