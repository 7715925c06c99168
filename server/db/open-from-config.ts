import path from "node:path";
import type { Config } from "../config.ts";
import { type Database, openDatabase } from "./database.ts";

export function pgliteDataDir(config: Config): string {
  return path.join(config.dataDir, "pglite");
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize })
    : openDatabase({ kind: "pglite", dataDir: pgliteDataDir(config) });
}
