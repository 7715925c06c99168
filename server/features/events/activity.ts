import type { AppDeps } from "../../platform/deps.ts";

/** A signed-in person has a tab open now (their event stream): messaging's online dot. */
export async function touchActivity(deps: Pick<AppDeps, "database" | "now">, userId: string) {
  const now = deps.now();
  await deps.database.db
    .insertInto("user_activity")
    .values({ user_id: userId, last_active_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_active_at: now }))
    .execute();
}
