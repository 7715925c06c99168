import { z } from "zod";

export const ADMIN_NOTIFICATIONS_LIMIT = 50;

export const ZAdminNotification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open (e.g. /admin/applications/{id}), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type AdminNotification = z.infer<typeof ZAdminNotification>;

export const ZAdminNotificationsResponse = z.object({
  items: z.array(ZAdminNotification),
  unreadCount: z.number().int().min(0),
});
export type AdminNotificationsResponse = z.infer<typeof ZAdminNotificationsResponse>;

export const ZMarkNotificationsReadRequest = z.object({
  /** Which notifications to mark read; omitted: all of them. */
  ids: z.array(z.uuid()).max(ADMIN_NOTIFICATIONS_LIMIT).optional(),
});

export const ZMarkNotificationsReadResponse = z.object({ unreadCount: z.number().int().min(0) });
