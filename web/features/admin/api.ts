import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ZAdminMe } from "../../../contracts/accounts.ts";
import {
  type AdminNotificationsResponse,
  ZAdminNotification,
  ZAdminNotificationsResponse,
  ZMarkNotificationsReadResponse,
} from "../../../contracts/admin-notifications.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { toast } from "../../lib/toast.ts";

export const adminKeys = {
  /** Per user, so signing out or in as someone else never shows the previous user's state. */
  me: (userId: string | undefined) => ["admin", "me", userId] as const,
  notifications: ["admin", "notifications"] as const,
};

const KEY = adminKeys.notifications;

/** Whether the signed-in user is staff: the server answers 403 when not. */
export const fetchAdminMe = (signal?: AbortSignal) =>
  apiRequest("GET", "/admin/me", ZAdminMe, { signal });

export function useAdminMeQuery(userId: string | undefined) {
  return useQuery({
    queryKey: adminKeys.me(userId),
    queryFn: ({ signal }) => fetchAdminMe(signal),
    enabled: !!userId,
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

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
