// `npm run db:migrate`: applies pending migrations to the configured database.
import { ConfigError, loadConfig } from "../config.ts";
import { DataDirInUseError } from "../db/data-dir-lock.ts";
import { migrate } from "../db/migrate.ts";
import { openConfiguredDatabase } from "../db/open-from-config.ts";

try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const applied = await migrate(database.pool);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The schema is up to date.");
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof DataDirInUseError
      ? error.message
      : `Migration failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
