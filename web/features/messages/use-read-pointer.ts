import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ConversationsResponse } from "../../../contracts/messages.ts";
import { markRead } from "./api.ts";
import { messageKeys } from "./keys.ts";
import type { MessagesState } from "./message-cache.ts";

/**
 * The open conversation, while the tab is visible, is read up to its newest message: the
 * pointer moves on opening and with every message that arrives.
 */
export function useReadPointer(
  conversationId: string,
  state: MessagesState | undefined,
  visible: boolean,
) {
  const client = useQueryClient();
  const asked = useRef(-1);
  const newest = state?.messages.findLast((m) => m.state === "sent")?.seq ?? -1;
  const read = state?.myLastReadSeq ?? -1;
  useEffect(() => {
    if (!visible || newest <= read || newest <= asked.current) return;
    asked.current = newest;
    markRead(conversationId, newest)
      .then(({ lastReadSeq, unreadTotal }) => {
        client.setQueryData<MessagesState>(messageKeys.messages(conversationId), (s) =>
          s ? { ...s, myLastReadSeq: Math.max(s.myLastReadSeq, lastReadSeq) } : s,
        );
        client.setQueryData<ConversationsResponse>(messageKeys.conversations, (list) =>
          list
            ? {
                unreadTotal,
                conversations: list.conversations.map((c) =>
                  c.id === conversationId ? { ...c, unreadCount: 0 } : c,
                ),
              }
            : list,
        );
      })
      .catch(() => {
        asked.current = -1;
      });
  }, [client, conversationId, newest, read, visible]);
}
