// Generates server/db/schema.ts (Kysely's table types) from the migrated schema in a scratch
// database on the PostgreSQL at TEST_DATABASE_URL. `--verify` fails when the file is stale.
import { execFileSync } from "node:child_process";
import pg from "pg";
import { migrate } from "../server/db/migrate.ts";

const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const scratch = `shutterhail_types_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${scratch}`);
const url = new URL(baseUrl);
url.pathname = `/${scratch}`;
let failed = false;
try {
  const pool = new pg.Pool({ connectionString: url.toString() });
  await migrate(pool);
  await pool.end();
  execFileSync(
    "npx",
    [
      "kysely-codegen",
      "--dialect=postgres",
      `--url=${url}`,
      "--out-file=server/db/schema.ts",
      "--numeric-parser=number",
      `--type-mapping=${JSON.stringify({ int8: "number" })}`,
      "--exclude-pattern=schema_migrations",
      ...(process.argv.includes("--verify") ? ["--verify"] : []),
    ],
    { stdio: "inherit" },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await admin.query(`drop database if exists ${scratch} with (force)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);
