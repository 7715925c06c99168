import { z } from "zod";
import { idParam } from "./common.ts";
import { MESSAGES } from "./constants.ts";
import { BOOKING_STATUSES } from "./enums.ts";

// Messaging (issue 13, docs/decisions/019): one conversation per client–creator pair, messages
// with client-generated ids (a retried send is the same message), a read pointer per participant.

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const ATTACHMENT_NOT_FOUND = "Attachment not found";
export const SELECT_CONVERSATION = "Select a conversation";
export const NO_CONVERSATIONS = "No conversations yet";
export const MESSAGE_PLACEHOLDER = "Type a message...";
export const MESSAGE_SEEN = "Seen";
export const MESSAGE_TOO_LONG = `Messages can be at most ${MESSAGES.maxLength.toLocaleString("en-US")} characters`;
export const MESSAGE_EMPTY = "Type a message or attach an image";
export const MESSAGE_SEND_FAILED_TITLE = "Message not sent";
export const MESSAGE_RATE_LIMIT_TITLE = "Slow down";
export const MESSAGE_RATE_LIMIT = "You are sending messages too quickly. Please wait a moment.";
export const MESSAGE_BLOCKED = "Messages in this conversation are blocked.";
export const MESSAGE_SELF = "You cannot message yourself.";
export const MESSAGE_ID_TAKEN = "That message id is already used.";
export const TOO_MANY_ATTACHMENTS = `At most ${MESSAGES.maxAttachments} images per message`;
export const REPORT_SENT_TITLE = "Report sent";
export const REPORT_SENT = "Our team will review this conversation.";

export const CONVERSATION_ROLES = ["client", "creator"] as const;
export type ConversationRole = (typeof CONVERSATION_ROLES)[number];

export const ZConversationIdParam = idParam(CONVERSATION_NOT_FOUND);
export const ZAttachmentParams = z.object({
  id: z.uuid(CONVERSATION_NOT_FOUND),
  attachmentId: z.uuid(ATTACHMENT_NOT_FOUND),
});

/** An image in a message; its files are served only to the participants (conversationImageUrl). */
export const ZMessageAttachment = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MessageAttachment = z.infer<typeof ZMessageAttachment>;

/** The attachment sizes: a thumbnail in the bubble, a large one in the viewer. */
export const ATTACHMENT_SIZES = ["thumb", "large"] as const;
export type AttachmentSize = (typeof ATTACHMENT_SIZES)[number];
export const ZAttachmentImageParams = ZAttachmentParams.extend({
  size: z.enum(ATTACHMENT_SIZES, ATTACHMENT_NOT_FOUND),
});
export const conversationImageUrl = (
  conversationId: string,
  attachmentId: string,
  size: AttachmentSize,
) => `/api/conversations/${conversationId}/attachments/${attachmentId}/${size}`;

/**
 * One message, the same for both participants (it is also the realtime payload): the viewer's
 * own messages are those whose senderRole is the conversation's myRole (the spec's isUser).
 */
export const ZMessage = z.object({
  id: z.uuid(),
  /** Orders the conversation; read pointers are seqs. */
  seq: z.number().int(),
  conversationId: z.uuid(),
  senderRole: z.enum(CONVERSATION_ROLES),
  senderName: z.string(),
  body: z.string(),
  attachments: z.array(ZMessageAttachment),
  createdAt: z.iso.datetime(),
});
export type Message = z.infer<typeof ZMessage>;

export const ZConversationBooking = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  startTime: z.iso.datetime(),
  timeZone: z.string(),
  location: z.string(),
});

/** A conversation as the list shows it, from the viewer's side. */
export const ZConversation = z.object({
  id: z.uuid(),
  myRole: z.enum(CONVERSATION_ROLES),
  other: z.object({
    name: z.string(),
    imageKey: z.string().nullable(),
    /** The creator's profile id (a link to /p/{id}) when the other party is the creator. */
    creatorId: z.uuid().nullable(),
    /** Creators: live presence; clients: a tab of theirs is open. */
    online: z.boolean(),
  }),
  lastMessage: z
    .object({
      body: z.string(),
      senderRole: z.enum(CONVERSATION_ROLES),
      attachmentCount: z.number().int(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  unreadCount: z.number().int().min(0),
  /** The booking the conversation was last opened from, if any. */
  booking: ZConversationBooking.nullable(),
  blockedByMe: z.boolean(),
  blockedByOther: z.boolean(),
});
export type Conversation = z.infer<typeof ZConversation>;

export const ZConversationsResponse = z.object({
  /** Newest activity first. */
  conversations: z.array(ZConversation),
  /** Unread messages over all conversations: the header's and the Messages tab's badge. */
  unreadTotal: z.number().int().min(0),
});
export type ConversationsResponse = z.infer<typeof ZConversationsResponse>;

/** POST /api/conversations: the caller (a client) opens or starts the one with a creator. */
export const ZOpenConversationRequest = z.object({
  creatorId: z.uuid("Creator not found"),
  /** A booking of the caller's with that creator, shown as the conversation's context. */
  bookingId: z.uuid("Booking not found").optional(),
});
export const ZConversationResponse = z.object({ conversation: ZConversation });

/** GET /api/conversations/{id}/messages: the newest page, or the page before a message. */
export const ZMessagesQuery = z.object({
  before: z.uuid("Message not found").optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES.pageSize).default(MESSAGES.pageSize),
});
export const ZMessagesResponse = z.object({
  /** Oldest first. */
  messages: z.array(ZMessage),
  hasOlder: z.boolean(),
  myLastReadSeq: z.number().int(),
  /** How far the other party has read; null when they hide read receipts. */
  otherLastReadSeq: z.number().int().nullable(),
});
export type MessagesResponse = z.infer<typeof ZMessagesResponse>;

/** POST /api/conversations/{id}/messages. Retrying with the same id answers the same message. */
export const ZSendMessageRequest = z
  .object({
    /** Generated by the browser before the first attempt. */
    id: z.uuid(),
    body: z.string().max(MESSAGES.maxLength, MESSAGE_TOO_LONG).default(""),
    attachmentIds: z
      .array(z.uuid(ATTACHMENT_NOT_FOUND))
      .max(MESSAGES.maxAttachments, TOO_MANY_ATTACHMENTS)
      .default([]),
  })
  .refine((m) => m.body.trim().length > 0 || m.attachmentIds.length > 0, {
    message: MESSAGE_EMPTY,
    path: ["body"],
  });
export type SendMessageRequest = z.input<typeof ZSendMessageRequest>;
export const ZMessageResponse = z.object({ message: ZMessage });

/** POST /api/conversations/{id}/read: moves the caller's pointer forward (never back). */
export const ZMarkReadRequest = z.object({ seq: z.number().int().min(0) });
export const ZMarkReadResponse = z.object({
  lastReadSeq: z.number().int(),
  unreadTotal: z.number().int().min(0),
});

/** POST /api/conversations/{id}/attachments (multipart, field "file"): one image, not yet sent. */
export const ZAttachmentResponse = z.object({ attachment: ZMessageAttachment });

export const ZReportConversationRequest = z.object({
  reason: z
    .string("Tell us what happened")
    .trim()
    .min(1, "Tell us what happened")
    .max(MESSAGES.reportReasonMaxLength),
});

/** POST /api/conversations/{id}/report answers the report's id (201). */
export const ZReportConversationResponse = z.object({ id: z.uuid() });

/** Staff reading a reported conversation (GET /api/admin/conversation-reports/{id}). */
export const ZConversationReport = z.object({
  id: z.uuid(),
  reason: z.string(),
  reporterName: z.string(),
  createdAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  conversation: z.object({
    id: z.uuid(),
    clientName: z.string(),
    creatorName: z.string(),
    creatorId: z.uuid(),
  }),
  /** The latest messages, oldest first (up to 200). */
  messages: z.array(ZMessage),
});
export type ConversationReport = z.infer<typeof ZConversationReport>;
export const ZReportIdParam = idParam("Report not found");

// Realtime payloads (contracts/realtime.ts topics), each sent to both participants' users.

/** A participant's read pointer moved (to the other party only if they show read receipts). */
export const ZConversationReadEvent = z.object({
  conversationId: z.uuid(),
  readerRole: z.enum(CONVERSATION_ROLES),
  lastReadSeq: z.number().int(),
});
/** A conversation was started, blocked or unblocked: refetch it. */
export const ZConversationChangedEvent = z.object({ conversationId: z.uuid() });
/** The other party is typing (never stored, never replayed). */
export const ZTypingEvent = z.object({
  conversationId: z.uuid(),
  role: z.enum(CONVERSATION_ROLES),
});
