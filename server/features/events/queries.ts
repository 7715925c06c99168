import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export async function upsertActivity(db: Kysely<DB>, userId: string, now: Date) {
  await db
    .insertInto("user_activity")
    .values({ user_id: userId, last_active_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_active_at: now }))
    .execute();
}
