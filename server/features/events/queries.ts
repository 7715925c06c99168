import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

export async function upsertActivity(db: Kysely<DB>, userId: string, now: Date) {
  await db
    .insertInto("user_activity")
    .values({ user_id: userId, last_active_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_active_at: now }))
    .execute();
}

/** The same for many people at once, in one statement; rows locked in id order. */
export async function upsertActivities(db: Kysely<DB>, userIds: readonly string[], now: Date) {
  await sql`
    insert into user_activity (user_id, last_active_at)
    select user_id, ${now}::timestamptz
    from unnest(${[...userIds].sort()}::text[]) as user_id
    order by user_id
    on conflict (user_id) do update set last_active_at = excluded.last_active_at`.execute(db);
}
