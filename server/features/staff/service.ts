import type { Kysely } from "kysely";
import {
  ADMIN_NOTIFICATIONS_LIMIT,
  type AdminNotification,
  type AdminNotificationsResponse,
} from "../../../contracts/admin-notifications.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps, DatabaseDeps } from "../../platform/deps.ts";
import {
  type AdminAccess,
  countUnread,
  deactivateAdmin,
  findActiveAdmin,
  insertNotification,
  listNotifications,
  lockSameNotification,
  markRead,
  type NewNotification,
  touchAdminLogin,
  upsertAdmin,
} from "./queries.ts";

// The staff domain: who is staff, what staff are told, and what staff did (the audit log). It
// sits at the bottom with accounts, so that every domain may tell staff something or record a
// staff action without importing the back office (server/features/admin), which sits on top.

export { recordStaffAction, type StaffAction } from "./audit.ts";
export type { AdminAccess, NewNotification };

/** A user is an admin only while an active admin_users row exists. */
export const getAdminAccess = (deps: DatabaseDeps, userId: string) =>
  findActiveAdmin(deps.database.db, userId);

/** The app detected this admin: last_login_at becomes now. */
export const recordAdminLogin = (deps: DatabaseDeps, userId: string) =>
  touchAdminLogin(deps.database.db, userId);

/** Pass the caller's transaction as `executor` to grant access inside it. */
export const grantAdminAccess = (
  deps: DatabaseDeps,
  userId: string,
  role: string,
  executor: Kysely<DB> = deps.database.db,
) => upsertAdmin(executor, userId, role);

/** Returns false when the user had no active access. Takes effect on the next request. */
export const revokeAdminAccess = (deps: DatabaseDeps, userId: string) =>
  deactivateAdmin(deps.database.db, userId);

/**
 * Records a notification for staff and pushes it to every open admin dashboard. Pass the
 * transaction that creates its subject (e.g. an application) as `executor`: the notification
 * then exists, and is announced, only if that transaction commits.
 */
export async function createAdminNotification(
  deps: DatabaseDeps & Pick<AppDeps, "realtime">,
  input: NewNotification,
  executor: Kysely<DB> = deps.database.db,
): Promise<AdminNotification> {
  const notification = await insertNotification(executor, input);
  await deps.realtime.publish(REALTIME_TOPICS.adminNotifications, notification, "staff", executor);
  return notification;
}

/**
 * As createAdminNotification, unless one with the same kind, link and body exists: a job that
 * runs twice (a retry, or a duplicate delivery) tells staff once.
 */
export async function createAdminNotificationOnce(
  deps: DatabaseDeps & Pick<AppDeps, "realtime">,
  input: NewNotification,
): Promise<AdminNotification | undefined> {
  return deps.database.db.transaction().execute(async (trx) => {
    if (await lockSameNotification(trx, input)) return undefined;
    return createAdminNotification(deps, input, trx);
  });
}

export async function getAdminNotifications(
  deps: DatabaseDeps,
  userId: string,
): Promise<AdminNotificationsResponse> {
  const db = deps.database.db;
  const [items, unreadCount] = await Promise.all([
    listNotifications(db, userId, ADMIN_NOTIFICATIONS_LIMIT),
    countUnread(db, userId),
  ]);
  return { items, unreadCount };
}

export async function markAdminNotificationsRead(
  deps: DatabaseDeps,
  userId: string,
  ids?: string[],
): Promise<number> {
  await markRead(deps.database.db, userId, ids);
  return countUnread(deps.database.db, userId);
}
