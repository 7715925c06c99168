import type { Kysely } from "kysely";
import {
  NOTIFICATION_NOT_FOUND,
  type NotificationsResponse,
} from "../../../contracts/notifications.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import {
  findNotification,
  listNotifications,
  markAllRead,
  markRead,
  type NotificationRow,
  toNotification,
  unreadCount,
} from "./queries.ts";

/** The caller's notification centre, a page at a time (`before`: the last id of the previous). */
export async function getNotifications(
  deps: AppDeps,
  userId: string,
  query: { before?: string; limit: number },
): Promise<NotificationsResponse> {
  const db = deps.database.db;
  if (query.before && !(await findNotification(db, userId, query.before)))
    throw new AppError("not_found", NOTIFICATION_NOT_FOUND);
  const rows = await listNotifications(db, userId, query.before ?? null, query.limit + 1);
  return {
    notifications: rows.slice(0, query.limit).map(toNotification),
    hasMore: rows.length > query.limit,
    unreadCount: await unreadCount(db, userId),
  };
}

/** The user's other tabs follow: the changed row (or null for many) and the new count. */
async function publishRead(
  deps: AppDeps,
  userId: string,
  row: NotificationRow | null,
  trx: Kysely<DB>,
): Promise<number> {
  const count = await unreadCount(trx, userId);
  await deps.realtime.publish(
    REALTIME_TOPICS.notifications,
    { notification: row ? toNotification(row) : null, unreadCount: count },
    { userId },
    trx,
  );
  return count;
}

export async function readNotification(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<{ unreadCount: number }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const row = await markRead(trx, userId, id, deps.now());
    if (!row) throw new AppError("not_found", NOTIFICATION_NOT_FOUND);
    return { unreadCount: await publishRead(deps, userId, row, trx) };
  });
}

export async function readAllNotifications(
  deps: AppDeps,
  userId: string,
): Promise<{ unreadCount: number }> {
  return deps.database.db.transaction().execute(async (trx) => {
    await markAllRead(trx, userId, deps.now());
    return { unreadCount: await publishRead(deps, userId, null, trx) };
  });
}
