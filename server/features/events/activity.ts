import { MESSAGES } from "../../../contracts/constants.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { upsertActivity } from "./queries.ts";

/**
 * How often an open stream records its person's activity: a third of the window in which a
 * client counts as online, so an open tab never drops out of it (and 10,000 streams write a
 * few hundred rows a second, not 2,000).
 */
export const ACTIVITY_TOUCH_MS = (MESSAGES.clientOnlineSeconds * 1000) / 3;

/** A signed-in person has a tab open now (their event stream): messaging's online dot. */
export async function touchActivity(deps: Pick<AppDeps, "database" | "now">, userId: string) {
  await upsertActivity(deps.database.db, userId, deps.now());
}
