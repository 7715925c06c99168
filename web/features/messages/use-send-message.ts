import { useMutation, useQueryClient } from "@tanstack/react-query";
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
 * so the server stores it once however often it is tried. A conversation's sends go one after
 * another (one mutation scope), so the server numbers them in the order they were written: two
 * sends in flight at once could be stored the other way round.
 */
export function useSendMessage(conversationId: string, myRole: ConversationRole, myName: string) {
  const client = useQueryClient();
  const key = messageKeys.messages(conversationId);

  const { mutate } = useMutation({
    scope: { id: `send-message:${conversationId}` },
    // Offline, a send fails and shows Retry rather than waiting unseen for the network.
    networkMode: "always",
    mutationFn: (message: ChatMessage) =>
      sendMessage(conversationId, {
        id: message.id,
        body: message.body,
        attachmentIds: message.attachments.map((a) => a.id),
      }),
    onSuccess: ({ message: stored }) => {
      client.setQueryData<MessagesState>(key, (s) => (s ? withMessage(s, stored) : s));
      void client.invalidateQueries({ queryKey: messageKeys.conversations });
    },
    onError: (error, message) => {
      client.setQueryData<MessagesState>(key, (s) =>
        s ? withSendState(s, message.id, "failed") : s,
      );
      if (isApiError(error, "rate_limited")) {
        showError(MESSAGE_RATE_LIMIT_TITLE, MESSAGE_RATE_LIMIT);
      } else {
        toastApiError(error, MESSAGE_SEND_FAILED_TITLE);
      }
    },
  });

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
      mutate(message);
    },
    [mutate, client, conversationId, key, myName, myRole],
  );

  const retry = useCallback(
    (id: string) => {
      const state = client.getQueryData<MessagesState>(key);
      const message = state?.messages.find((m) => m.id === id && m.state === "failed");
      if (!message) return;
      client.setQueryData<MessagesState>(key, (s) => (s ? withSendState(s, id, "sending") : s));
      mutate(message);
    },
    [mutate, client, key],
  );

  return { send, retry };
}
