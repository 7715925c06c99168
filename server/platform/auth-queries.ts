import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** Whether staff deactivated the user (the back office's user_deactivations, a declared reader). */
export async function isDeactivated(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user_deactivations")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}
