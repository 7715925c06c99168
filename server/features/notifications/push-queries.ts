import type { Kysely, Selectable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { DB, PushSubscriptions } from "../../db/schema.ts";

type Db = Kysely<DB>;
export type PushSubscriptionRow = Selectable<PushSubscriptions>;

/**
 * Saves a device's subscription for `userId`. The endpoint is the device: subscribing it again
 * (new keys, or another person signed in on the same browser) moves it, never duplicates it.
 */
export async function upsertPushSubscription(
  db: Db,
  s: { userId: string; endpoint: string; p256dh: string; auth: string; device: string },
  now: Date,
): Promise<PushSubscriptionRow> {
  return db
    .insertInto("push_subscriptions")
    .values({
      user_id: s.userId,
      endpoint: s.endpoint,
      p256dh: s.p256dh,
      auth: s.auth,
      device: s.device,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet({
        user_id: s.userId,
        p256dh: s.p256dh,
        auth: s.auth,
        device: s.device,
        created_at: now,
        last_sent_at: null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPushSubscriptions(db: Db, userId: string) {
  return db
    .selectFrom("push_subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

const anyPushSubscription = compiledOnce((db: Db, userId: string) =>
  db.selectFrom("push_subscriptions").select("id").where("user_id", "=", userId).limit(1),
);

export async function hasPushSubscription(db: Db, userId: string): Promise<boolean> {
  return (await anyPushSubscription(db, userId)).length > 0;
}

/** Which of `userIds` have at least one device. */
export async function usersWithPushSubscriptions(
  db: Db,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("push_subscriptions")
    .select("user_id")
    .distinct()
    .where("user_id", "in", [...userIds])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Removes one of the user's devices; answers whether it was theirs. */
export async function deletePushSubscription(db: Db, userId: string, id: string) {
  const gone = await db
    .deleteFrom("push_subscriptions")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return gone.numDeletedRows > 0n;
}

/** The push service said the device is gone (404/410). */
export async function deletePushEndpoint(db: Db, id: string, endpoint: string) {
  await db
    .deleteFrom("push_subscriptions")
    .where("id", "=", id)
    .where("endpoint", "=", endpoint)
    .execute();
}

export async function markPushSent(db: Db, id: string, now: Date) {
  await db
    .updateTable("push_subscriptions")
    .set({ last_sent_at: now })
    .where("id", "=", id)
    .execute();
}
