import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { ZNotificationEvent } from "../../../contracts/notifications.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { applyNotification, notificationKeys } from "./api.ts";
import { showBrowserNotification } from "./browser-notifications.ts";

/**
 * Keeps the cached notifications and unread count live from the tab's event stream (changes
 * made in other tabs arrive the same way). When the stream may have missed events, reload.
 */
export function useLiveNotifications() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      subscribeEvents(REALTIME_TOPICS.notifications, {
        onEvent: (payload) => {
          const parsed = ZNotificationEvent.safeParse(payload);
          if (!parsed.success) return;
          const { notification, unreadCount } = parsed.data;
          if (notification) {
            applyNotification(client, notification, unreadCount);
            showBrowserNotification(notification, (link) => void navigate(link));
          } else {
            // Some were read (another tab, or opening a conversation): the count is exact;
            // which ones, the server knows.
            applyNotification(client, null, unreadCount);
            void client.invalidateQueries({ queryKey: notificationKeys.all });
          }
        },
        onResync: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
      }),
    [client, navigate],
  );
}
