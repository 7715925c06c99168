// Topics of server → browser push. Every event is a row of realtime_events (migration 060),
// announced to every server process by PostgreSQL NOTIFY, and sent on the one event stream
// (GET /api/events) as an SSE event named after its topic, with the row's id as `id:`.
export const REALTIME_TOPICS = {
  /** Staff: an application changed (ZApplicationChangedEvent). */
  applications: "application_changed",
  /** Staff: a new staff notification (ZAdminNotification). */
  adminNotifications: "admin_notification",
  /** Everyone: a creator went online, moved or went offline (ZPresenceEvent, migration 031). */
  creatorPresence: "presence",
  /** The client and the creator of a booking: it changed (ZBookingChangedEvent). */
  bookings: "booking_changed",
  /** A creator: a hail reached them, or its offer changed (taken, expired…) (ZHailOffer). */
  hailOffers: "hail_offer",
  /** The client of a hail: it changed (ZHail). */
  hails: "hail_changed",
  /** Both participants of a conversation: a new message (ZMessage). */
  messages: "message",
  /** A participant's read pointer moved (ZConversationReadEvent). */
  conversationRead: "conversation_read",
  /** A conversation was started, blocked or unblocked (ZConversationChangedEvent). */
  conversations: "conversation_changed",
  /** One user: a notification was added or changed, or some were read (ZNotificationEvent). */
  notifications: "notification",
  /** A creator: one of their payouts changed status ({ id, status }). */
  payouts: "payout_changed",
} as const;

export type RealtimeTopic = (typeof REALTIME_TOPICS)[keyof typeof REALTIME_TOPICS];

/**
 * Signals: live only, never stored or replayed (a missed one does not matter), sent as SSE
 * events without an `id:`. Published with realtime.signal().
 */
export const REALTIME_SIGNALS = {
  /** The other party is typing (ZTypingEvent). */
  typing: "typing",
} as const;
export type RealtimeSignal = (typeof REALTIME_SIGNALS)[keyof typeof REALTIME_SIGNALS];

/** Control events of the stream itself, never topics. */
export const STREAM_EVENTS = {
  /** Sent once the stream is live (after any replay); its `id:` is the stream's position. */
  ready: "ready",
  /** Events the browser missed were pruned or its position is unknown: reload instead. */
  reset: "reset",
} as const;

export const EVENTS_PATH = "/api/events";
