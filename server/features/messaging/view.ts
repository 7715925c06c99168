import type { BookingStatus } from "../../../contracts/enums.ts";
import type { Conversation, ConversationRole, Message } from "../../../contracts/messages.ts";
import type { AttachmentRow, ConversationRow, MessageRow } from "./queries.ts";

/** Who sent what in one conversation: roles and names come from its two parties. */
export type Parties = {
  clientUserId: string;
  clientName: string;
  creatorName: string;
};

export const roleOf = (parties: Parties, userId: string): ConversationRole =>
  userId === parties.clientUserId ? "client" : "creator";

export function toMessage(
  row: MessageRow,
  parties: Parties,
  attachments: Pick<AttachmentRow, "id" | "width" | "height">[] = [],
): Message {
  const senderRole = roleOf(parties, row.sender_user_id);
  return {
    id: row.id,
    seq: row.seq,
    conversationId: row.conversation_id,
    senderRole,
    senderName: senderRole === "client" ? parties.clientName : parties.creatorName,
    body: row.body,
    attachments: attachments.map((a) => ({ id: a.id, width: a.width, height: a.height })),
    createdAt: row.created_at.toISOString(),
  };
}

/** Messages with their attachments (rows in any order, attachments grouped by message). */
export function toMessages(
  rows: MessageRow[],
  parties: Parties,
  attachments: AttachmentRow[],
): Message[] {
  const byMessage = new Map<string, AttachmentRow[]>();
  for (const a of attachments) {
    if (!a.message_id) continue;
    const list = byMessage.get(a.message_id) ?? [];
    list.push(a);
    byMessage.set(a.message_id, list);
  }
  return rows.map((row) => toMessage(row, parties, byMessage.get(row.id)));
}

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    myRole: row.myRole,
    other: {
      name: row.otherName,
      imageKey: row.otherImage,
      creatorId: row.creatorId,
      online: row.online ?? false,
    },
    lastMessage:
      row.lastCreatedAt && row.lastSenderRole
        ? {
            body: row.lastBody ?? "",
            senderRole: row.lastSenderRole,
            attachmentCount: row.lastAttachmentCount ?? 0,
            createdAt: new Date(row.lastCreatedAt).toISOString(),
          }
        : null,
    unreadCount: row.unreadCount,
    booking:
      row.bookingId && row.bookingStart
        ? {
            id: row.bookingId,
            status: row.bookingStatus as BookingStatus,
            startTime: new Date(row.bookingStart).toISOString(),
            timeZone: row.timeZone,
            location: row.bookingLocation ?? "",
          }
        : null,
    blockedByMe: row.blockedAt !== null,
    blockedByOther: row.otherBlockedAt !== null,
  };
}
