import type { z } from "zod";
import { ZAdminNotification } from "./admin-notifications.ts";
import { ZApplicationChangedEvent } from "./applications.ts";
import { ZBookingChangedEvent } from "./bookings.ts";
import { ZHail, ZHailOffer } from "./hail.ts";
import {
  ZConversationChangedEvent,
  ZConversationReadEvent,
  ZMessage,
  ZTypingEvent,
} from "./messages.ts";
import { ZNotificationEvent } from "./notifications.ts";
import { ZPayoutChangedEvent } from "./payouts.ts";
import {
  REALTIME_SIGNALS,
  REALTIME_TOPICS,
  type RealtimeSignal,
  type RealtimeTopic,
} from "./realtime.ts";
import { ZPresenceEvent } from "./search.ts";

// Apart from realtime.ts so that the web's events client, which needs only the topic names,
// does not pull every payload schema into the first page load.

/** What each topic's events carry: the event stream's half of the wire format. */
export const REALTIME_PAYLOADS = {
  [REALTIME_TOPICS.applications]: ZApplicationChangedEvent,
  [REALTIME_TOPICS.adminNotifications]: ZAdminNotification,
  [REALTIME_TOPICS.creatorPresence]: ZPresenceEvent,
  [REALTIME_TOPICS.bookings]: ZBookingChangedEvent,
  [REALTIME_TOPICS.hailOffers]: ZHailOffer,
  [REALTIME_TOPICS.hails]: ZHail,
  [REALTIME_TOPICS.messages]: ZMessage,
  [REALTIME_TOPICS.conversationRead]: ZConversationReadEvent,
  [REALTIME_TOPICS.conversations]: ZConversationChangedEvent,
  [REALTIME_TOPICS.notifications]: ZNotificationEvent,
  [REALTIME_TOPICS.payouts]: ZPayoutChangedEvent,
} as const satisfies Record<RealtimeTopic, z.ZodType>;

export const REALTIME_SIGNAL_PAYLOADS = {
  [REALTIME_SIGNALS.typing]: ZTypingEvent,
} as const satisfies Record<RealtimeSignal, z.ZodType>;
