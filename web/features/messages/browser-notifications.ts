import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import type { Conversation, Message } from "../../../contracts/messages.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { conversationPath } from "../../../contracts/routes.ts";
import { subscribeEvents } from "../../lib/events.ts";

/**
 * A system notification for a new message from the other party while the tab is hidden. Only
 * when the person already allowed notifications: this never asks.
 */
export function useMessageBrowserNotifications(conversations: Conversation[] | undefined) {
  const roles = useRef(new Map<string, string>());
  roles.current = new Map((conversations ?? []).map((c) => [c.id, c.myRole]));
  const navigate = useNavigate();
  const go = useRef(navigate);
  go.current = navigate;
  useEffect(
    () =>
      subscribeEvents(REALTIME_TOPICS.messages, {
        onEvent: (payload) => {
          const message = payload as Message;
          const myRole = roles.current.get(message.conversationId);
          if (!myRole || message.senderRole === myRole) return;
          showNotification(message, () => go.current(conversationPath(message.conversationId)));
        },
      }),
    [],
  );
}

function showNotification(message: Message, open: () => void) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  if (!document.hidden) return;
  const notification = new Notification(message.senderName, {
    body: message.body || "Sent an image",
    // One per conversation: a newer message replaces the older one.
    tag: `conversation-${message.conversationId}`,
  });
  notification.onclick = () => {
    window.focus();
    open();
    notification.close();
  };
}
