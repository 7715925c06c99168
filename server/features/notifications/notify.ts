import type { Kysely } from "kysely";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import {
  markGroupRead,
  type NewNotification,
  toNotification,
  unreadCount,
  upsertNotification,
} from "./queries.ts";

/**
 * The one way any domain tells a person something happened: a row in their notification
 * centre (grouped by `groupKey` while unread) and a live event to their open tabs. Call it in
 * the transaction of the change it announces; it publishes, so call it last (migration 060).
 */
export async function notify(deps: AppDeps, n: NewNotification, trx?: Kysely<DB>): Promise<void> {
  const db = trx ?? deps.database.db;
  const row = await upsertNotification(db, n, deps.now());
  await deps.realtime.publish(
    REALTIME_TOPICS.notifications,
    { notification: toNotification(row), unreadCount: await unreadCount(db, n.userId) },
    { userId: n.userId },
    db,
  );
}

/**
 * Marks the user's unread notification of a group read (e.g. a conversation's new-message
 * notification once they read the conversation) and tells their tabs. Publishes: call it last.
 */
export async function readGroup(
  deps: AppDeps,
  userId: string,
  groupKey: string,
  trx?: Kysely<DB>,
): Promise<void> {
  const db = trx ?? deps.database.db;
  const read = await markGroupRead(db, userId, groupKey, deps.now());
  if (!read) return;
  await deps.realtime.publish(
    REALTIME_TOPICS.notifications,
    { notification: toNotification(read), unreadCount: await unreadCount(db, userId) },
    { userId },
    db,
  );
}
