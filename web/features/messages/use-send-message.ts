import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import {
  type ConversationRole,
  MESSAGE_RATE_LIMIT,
  MESSAGE_RATE_LIMIT_TITLE,
  MESSAGE_SEND_FAILED_TITLE,
  type MessageAttachment,
} from "../../../contracts/messages.ts";
import { isApiError, showError, toastApiError } from "../../lib/api-errors.ts";
import { sendMessage } from "./api.ts";
import { messageKeys } from "./keys.ts";
import {
  type ChatMessage,
  type MessagesState,
  PENDING_SEQ,
  withMessage,
  withPending,
  withSendState,
} from "./message-cache.ts";

export type Outgoing = {
  body: string;
  attachments: MessageAttachment[];
  previews?: Record<string, string>;
};

/**
 * Optimistic sends: the message shows at once with an id made here; a retry sends the same id,
 * so the server stores it once however often it is tried.
 */
export function useSendMessage(conversationId: string, myRole: ConversationRole, myName: string) {
  const client = useQueryClient();
  const key = messageKeys.messages(conversationId);

  const attempt = useCallback(
    async (message: ChatMessage) => {
      try {
        const { message: stored } = await sendMessage(conversationId, {
          id: message.id,
          body: message.body,
          attachmentIds: message.attachments.map((a) => a.id),
        });
        client.setQueryData<MessagesState>(key, (s) => (s ? withMessage(s, stored) : s));
        void client.invalidateQueries({ queryKey: messageKeys.conversations });
      } catch (error) {
        client.setQueryData<MessagesState>(key, (s) =>
          s ? withSendState(s, message.id, "failed") : s,
        );
        if (isApiError(error, "rate_limited")) {
          showError(MESSAGE_RATE_LIMIT_TITLE, MESSAGE_RATE_LIMIT);
        } else {
          toastApiError(error, MESSAGE_SEND_FAILED_TITLE);
        }
      }
    },
    [client, conversationId, key],
  );

  const send = useCallback(
    (outgoing: Outgoing) => {
      const message: ChatMessage = {
        id: crypto.randomUUID(),
        seq: PENDING_SEQ,
        conversationId,
        senderRole: myRole,
        senderName: myName,
        body: outgoing.body,
        attachments: outgoing.attachments,
        createdAt: new Date().toISOString(),
        state: "sending",
        previews: outgoing.previews,
      };
      client.setQueryData<MessagesState>(key, (s) => (s ? withPending(s, message) : s));
      void attempt(message);
    },
    [attempt, client, conversationId, key, myName, myRole],
  );

  const retry = useCallback(
    (id: string) => {
      const state = client.getQueryData<MessagesState>(key);
      const message = state?.messages.find((m) => m.id === id && m.state === "failed");
      if (!message) return;
      client.setQueryData<MessagesState>(key, (s) => (s ? withSendState(s, id, "sending") : s));
      void attempt(message);
    },
    [attempt, client, key],
  );

  return { send, retry };
}
