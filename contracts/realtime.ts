import type { z } from "zod";
import { ZAdminNotification } from "./admin-notifications.ts";
import { ZApplicationChangedEvent } from "./applications.ts";
import { ZPresenceEvent } from "./search.ts";

// Channels of server → browser push. Each is a PostgreSQL NOTIFY channel, so every server
// process on one database sees every event.
export const REALTIME_CHANNELS = {
  applications: "applications_changed",
  adminNotifications: "admin_notification_created",
  creatorPresence: "creator_presence_changed",
} as const;

export type RealtimeChannel = (typeof REALTIME_CHANNELS)[keyof typeof REALTIME_CHANNELS];

/** What each channel's events carry: the event stream's half of the wire format. */
export const REALTIME_PAYLOADS = {
  [REALTIME_CHANNELS.applications]: ZApplicationChangedEvent,
  [REALTIME_CHANNELS.adminNotifications]: ZAdminNotification,
  [REALTIME_CHANNELS.creatorPresence]: ZPresenceEvent,
} as const satisfies Record<RealtimeChannel, z.ZodType>;
