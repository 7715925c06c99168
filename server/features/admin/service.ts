import type { Kysely } from "kysely";
import type { AdminOverview } from "../../../contracts/accounts.ts";
import {
  ADMIN_NOTIFICATIONS_LIMIT,
  type AdminNotification,
  type AdminNotificationsResponse,
} from "../../../contracts/admin-notifications.ts";
import { CURRENCY } from "../../../contracts/constants.ts";
import { REALTIME_CHANNELS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { Realtime } from "../../platform/realtime.ts";
import {
  type AdminAccess,
  countUnread,
  deactivateAdmin,
  findActiveAdmin,
  insertNotification,
  listNotifications,
  markRead,
  type NewNotification,
  overviewFigures,
  touchAdminLogin,
  upsertAdmin,
} from "./queries.ts";

export type { AdminAccess, NewNotification };

/** A user is an admin only while an active admin_users row exists. */
export const getAdminAccess = (db: Kysely<DB>, userId: string) => findActiveAdmin(db, userId);

/** The app detected this admin: last_login_at becomes now. */
export const recordAdminLogin = (db: Kysely<DB>, userId: string) => touchAdminLogin(db, userId);

export const grantAdminAccess = (db: Kysely<DB>, userId: string, role: string) =>
  upsertAdmin(db, userId, role);

/** Returns false when the user had no active access. Takes effect on the next request. */
export const revokeAdminAccess = (db: Kysely<DB>, userId: string) => deactivateAdmin(db, userId);

/**
 * Records a notification for staff and pushes it to every open admin dashboard. Pass the
 * transaction that creates its subject (e.g. an application) as `executor`: the notification
 * then exists, and is announced, only if that transaction commits.
 */
export async function createAdminNotification(
  deps: { database: { db: Kysely<DB> }; realtime: Realtime },
  input: NewNotification,
  executor: Kysely<DB> = deps.database.db,
): Promise<AdminNotification> {
  const notification = await insertNotification(executor, input);
  await deps.realtime.publish(REALTIME_CHANNELS.adminNotifications, notification, executor);
  return notification;
}

export async function getAdminNotifications(
  db: Kysely<DB>,
  userId: string,
): Promise<AdminNotificationsResponse> {
  const [items, unreadCount] = await Promise.all([
    listNotifications(db, userId, ADMIN_NOTIFICATIONS_LIMIT),
    countUnread(db, userId),
  ]);
  return { items, unreadCount };
}

export async function markAdminNotificationsRead(
  db: Kysely<DB>,
  userId: string,
  ids?: string[],
): Promise<number> {
  await markRead(db, userId, ids);
  return countUnread(db, userId);
}

export async function getAdminOverview(db: Kysely<DB>): Promise<AdminOverview> {
  return { ...(await overviewFigures(db)), currency: CURRENCY };
}
