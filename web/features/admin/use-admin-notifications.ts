import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import {
  type AdminNotificationsResponse,
  ZAdminNotification,
  ZAdminNotificationsResponse,
  ZMarkNotificationsReadResponse,
} from "../../../contracts/admin-notifications.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { subscribeEvents } from "../../lib/events.ts";

const KEY = ["admin", "notifications"] as const;
/** Staff notifications, kept live by the server's event stream while the dashboard is open. */
export function useAdminNotifications() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest("GET", "/admin/notifications", ZAdminNotificationsResponse, { signal }),
  });

  useEffect(
    () =>
      subscribeEvents(REALTIME_TOPICS.adminNotifications, {
        onEvent: (payload) => {
          const parsed = ZAdminNotification.safeParse(payload);
          if (!parsed.success) return;
          const notification = parsed.data;
          queryClient.setQueryData<AdminNotificationsResponse>(KEY, (current) =>
            current && !current.items.some((n) => n.id === notification.id)
              ? { items: [notification, ...current.items], unreadCount: current.unreadCount + 1 }
              : current,
          );
          toast(notification.title, { description: notification.body || undefined });
        },
        onResync: () => void queryClient.invalidateQueries({ queryKey: KEY }),
      }),
    [queryClient],
  );

  const markAllRead = useMutation({
    mutationFn: () =>
      apiRequest("POST", "/admin/notifications/read", ZMarkNotificationsReadResponse, { body: {} }),
    onSuccess: ({ unreadCount }) =>
      queryClient.setQueryData<AdminNotificationsResponse>(
        KEY,
        (current) =>
          current && {
            unreadCount,
            items: current.items.map((n) => ({ ...n, read: true })),
          },
      ),
  });

  return { ...query, markAllRead: () => markAllRead.mutate() };
}
