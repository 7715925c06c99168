import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The smallest query: throws when the database does not answer. */
export async function pingDatabase(db: Kysely<DB>) {
  await sql`select 1`.execute(db);
}
