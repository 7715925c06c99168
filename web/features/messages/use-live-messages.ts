import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { MESSAGES } from "../../../contracts/constants.ts";
import {
  type Conversation,
  ZConversationReadEvent,
  ZMessage,
  ZTypingEvent,
} from "../../../contracts/messages.ts";
import { REALTIME_SIGNALS, REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { messageKeys } from "./keys.ts";
import { type MessagesState, withMessage } from "./message-cache.ts";

/**
 * /messages kept live: new messages join their conversation's loaded messages (in order, once),
 * read pointers move 'Seen', and the other party's typing shows for a few seconds. The list
 * itself reloads on the same events (conversations-query.ts).
 */
export function useLiveMessages(conversations: Conversation[] | undefined) {
  const client = useQueryClient();
  const byId = useRef(new Map<string, Conversation>());
  byId.current = new Map((conversations ?? []).map((c) => [c.id, c]));
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const stopTyping = (id: string) => {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      setTyping((set) => {
        if (!set.has(id)) return set;
        const next = new Set(set);
        next.delete(id);
        return next;
      });
    };
    const onMessage = (payload: unknown) => {
      const parsed = ZMessage.safeParse(payload);
      if (!parsed.success) return;
      const message = parsed.data;
      client.setQueryData<MessagesState>(messageKeys.messages(message.conversationId), (s) =>
        s ? withMessage(s, message) : s,
      );
      if (message.senderRole !== byId.current.get(message.conversationId)?.myRole) {
        stopTyping(message.conversationId);
      }
    };
    const onRead = (payload: unknown) => {
      const parsed = ZConversationReadEvent.safeParse(payload);
      if (!parsed.success) return;
      const { conversationId, readerRole, lastReadSeq } = parsed.data;
      const mine = byId.current.get(conversationId)?.myRole === readerRole;
      client.setQueryData<MessagesState>(messageKeys.messages(conversationId), (s) => {
        if (!s) return s;
        return mine
          ? { ...s, myLastReadSeq: Math.max(s.myLastReadSeq, lastReadSeq) }
          : { ...s, otherLastReadSeq: Math.max(s.otherLastReadSeq ?? -1, lastReadSeq) };
      });
    };
    const onTyping = (payload: unknown) => {
      const parsed = ZTypingEvent.safeParse(payload);
      if (!parsed.success) return;
      const { conversationId, role } = parsed.data;
      if (byId.current.get(conversationId)?.myRole === role) return;
      clearTimeout(timers.current.get(conversationId));
      timers.current.set(
        conversationId,
        setTimeout(() => stopTyping(conversationId), MESSAGES.typingShowMs),
      );
      setTyping((set) => (set.has(conversationId) ? set : new Set(set).add(conversationId)));
    };
    // The stream could not replay what was missed: reload the open conversations' newest page
    // (merged into what is loaded, see use-messages.ts).
    const resync = () => void client.invalidateQueries({ queryKey: ["conversation-messages"] });
    const stops = [
      subscribeEvents(REALTIME_TOPICS.messages, { onEvent: onMessage, onResync: resync }),
      subscribeEvents(REALTIME_TOPICS.conversationRead, { onEvent: onRead }),
      subscribeEvents(REALTIME_SIGNALS.typing, { onEvent: onTyping }),
    ];
    const pending = timers.current;
    return () => {
      for (const stop of stops) stop();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [client]);

  return typing;
}
