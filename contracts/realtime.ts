// Channels of server → browser push. Each is a PostgreSQL NOTIFY channel, so every server
// process on one database sees every event.
export const REALTIME_CHANNELS = {
  applications: "applications_changed",
  adminNotifications: "admin_notification_created",
  creatorPresence: "creator_presence_changed",
} as const;

export type RealtimeChannel = (typeof REALTIME_CHANNELS)[keyof typeof REALTIME_CHANNELS];
