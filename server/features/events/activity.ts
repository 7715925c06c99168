import { MESSAGES } from "../../../contracts/constants.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { upsertActivities, upsertActivity } from "./queries.ts";

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

export type ActivityBatch = { touch(userId: string): void };

/**
 * Touches from open streams' re-checks, written together: the touches of one turn of the event
 * loop (a round of re-checks) are one statement, not one each (10,000 streams touch ≈ 333 times
 * a second). If the batch fails (e.g. an account deleted meanwhile), each is tried on its own.
 */
export function createActivityBatch(
  deps: Pick<AppDeps, "database" | "now" | "log">,
): ActivityBatch {
  let pending = new Set<string>();
  const warn = (err: unknown) => deps.log.warn({ err }, "recording activity failed");
  const flush = () => {
    const userIds = [...pending];
    pending = new Set();
    upsertActivities(deps.database.db, userIds, deps.now()).catch(() => {
      for (const userId of userIds) touchActivity(deps, userId).catch(warn);
    });
  };
  return {
    touch(userId) {
      if (pending.size === 0) setImmediate(flush);
      pending.add(userId);
    },
  };
}
