import { z } from "zod";
import { MESSAGES } from "../../../contracts/constants.ts";
import {
  type SendMessageRequest,
  ZAttachmentResponse,
  ZConversationResponse,
  ZMarkReadResponse,
  ZMessageResponse,
  ZMessagesResponse,
} from "../../../contracts/messages.ts";
import { apiRequest } from "../../lib/api-client.ts";

const conversationPath = (id: string) => `/conversations/${id}`;
const ZNothing = z.unknown();

/** Opens (or starts) the caller's conversation with a creator, with a booking as context. */
export const openConversation = (creatorId: string, bookingId?: string) =>
  apiRequest("POST", "/conversations", ZConversationResponse, {
    body: bookingId ? { creatorId, bookingId } : { creatorId },
  });

/** Opens (or starts) the conversation of a booking's two parties; the creator may write first. */
export const openBookingConversation = (bookingId: string) =>
  apiRequest("POST", `/bookings/${bookingId}/conversation`, ZConversationResponse);

export const getConversation = (id: string, signal?: AbortSignal) =>
  apiRequest("GET", conversationPath(id), ZConversationResponse, { signal });

/** The newest page of messages, or the page before `before` (oldest first). */
export const getMessages = (id: string, before?: string, signal?: AbortSignal) =>
  apiRequest(
    "GET",
    `${conversationPath(id)}/messages?limit=${MESSAGES.pageSize}${before ? `&before=${before}` : ""}`,
    ZMessagesResponse,
    { signal },
  );

export const sendMessage = (id: string, body: SendMessageRequest) =>
  apiRequest("POST", `${conversationPath(id)}/messages`, ZMessageResponse, { body });

export const markRead = (id: string, seq: number) =>
  apiRequest("POST", `${conversationPath(id)}/read`, ZMarkReadResponse, { body: { seq } });

export const sendTyping = (id: string) =>
  apiRequest("POST", `${conversationPath(id)}/typing`, ZNothing, { body: {} });

export function uploadAttachment(id: string, file: File) {
  const form = new FormData();
  form.append("file", file);
  return apiRequest("POST", `${conversationPath(id)}/attachments`, ZAttachmentResponse, {
    body: form,
  });
}

export const setBlocked = (id: string, blocked: boolean) =>
  apiRequest(blocked ? "POST" : "DELETE", `${conversationPath(id)}/block`, ZConversationResponse, {
    body: blocked ? {} : undefined,
  });

export const reportConversation = (id: string, reason: string) =>
  apiRequest("POST", `${conversationPath(id)}/report`, ZNothing, { body: { reason } });
