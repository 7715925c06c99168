import type { AppDeps } from "../../platform/deps.ts";
import { upsertActivity } from "./queries.ts";

/** A signed-in person has a tab open now (their event stream): messaging's online dot. */
export async function touchActivity(deps: Pick<AppDeps, "database" | "now">, userId: string) {
  await upsertActivity(deps.database.db, userId, deps.now());
}
