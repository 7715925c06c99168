import { z } from "zod";
import { idParam } from "./common.ts";
import { NOTIFICATIONS } from "./constants.ts";

// The notification centre of clients and creators (issue 13): what happened to you, each with a
// link to its screen. New-message notifications are grouped per conversation.

export const NOTIFICATION_KINDS = [
  "booking_requested",
  "booking_accepted",
  "booking_declined",
  "booking_cancelled",
  "booking_expired",
  "booking_confirmed",
  "payment_captured",
  "payment_refunded",
  "hold_needs_approval",
  "message",
  "review_published",
  "delivery_ready",
  "delivery_accepted",
  "payout_sent",
  "payout_failed",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_TITLE = "Notifications";
export const NO_NOTIFICATIONS = "You're all caught up";
export const MARK_ALL_READ = "Mark all as read";
export const NOTIFICATION_NOT_FOUND = "Notification not found";

export const ZNotification = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The in-app path it opens (/bookings/{id}, /messages?c={id}…). */
  link: z.string(),
  /** How many events it groups (new messages in one conversation). */
  count: z.number().int().min(1),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
  /** When it last changed (a grouped one moves up with each new message). */
  updatedAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationIdParam = idParam(NOTIFICATION_NOT_FOUND);

/** GET /api/notifications: newest first; `before` is the last id of the previous page. */
export const ZNotificationsQuery = z.object({
  before: z.uuid(NOTIFICATION_NOT_FOUND).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS.pageSize).default(NOTIFICATIONS.pageSize),
});
export const ZNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  hasMore: z.boolean(),
  unreadCount: z.number().int().min(0),
});
export type NotificationsResponse = z.infer<typeof ZNotificationsResponse>;

/** Marking one or all read answers the new unread count. */
export const ZUnreadCountResponse = z.object({ unreadCount: z.number().int().min(0) });

/** Realtime payload (topic `notification`): one was added or changed, or some were read. */
export const ZNotificationEvent = z.object({
  notification: ZNotification.nullable(),
  unreadCount: z.number().int().min(0),
});
export type NotificationEvent = z.infer<typeof ZNotificationEvent>;
