import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { NOTIFICATIONS } from "../../../contracts/constants.ts";
import {
  type Notification,
  type NotificationsResponse,
  ZNotificationsResponse,
  ZUnreadCountResponse,
} from "../../../contracts/notifications.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { notificationKeys } from "./keys.ts";

export { notificationKeys };

type ListData = InfiniteData<NotificationsResponse, string | undefined>;

export const notificationsPath = (limit: number, before?: string) =>
  `/notifications?limit=${limit}${before ? `&before=${before}` : ""}`;

/** The bell: the newest NOTIFICATIONS.dropdownSize and the unread count. */
export function useLatestNotifications() {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) =>
      apiRequest("GET", notificationsPath(NOTIFICATIONS.dropdownSize), ZNotificationsResponse, {
        signal,
      }),
    refetchOnWindowFocus: true,
  });
}

/** The full list, paged by the last id of the previous page. */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(
        "GET",
        notificationsPath(NOTIFICATIONS.pageSize, pageParam),
        ZNotificationsResponse,
        {
          signal,
        },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.notifications.at(-1)?.id : undefined),
    meta: { errorTitle: "Failed to load notifications" },
  });
}

/**
 * Newest first by when it last changed; a changed one (a grouped message) moves up. One this
 * list never had is added only when it is the newest (older ones belong to later pages).
 */
function upsert(list: Notification[], n: Notification, known: boolean, max?: number) {
  const rest = list.filter((x) => x.id !== n.id);
  const index = rest.findIndex((x) => x.updatedAt <= n.updatedAt);
  if (!known && index !== 0 && rest.length > 0) return rest;
  const next = index === -1 ? [...rest, n] : [...rest.slice(0, index), n, ...rest.slice(index)];
  return max ? next.slice(0, max) : next;
}

/** Applies a notification (new, changed or read) and the unread count to every cached list. */
export function applyNotification(
  client: ReturnType<typeof useQueryClient>,
  notification: Notification | null,
  unreadCount: number,
) {
  client.setQueryData<NotificationsResponse>(notificationKeys.latest, (current) => {
    if (!current) return current;
    if (!notification) return { ...current, unreadCount };
    const known = current.notifications.some((n) => n.id === notification.id);
    return {
      ...current,
      unreadCount,
      notifications: upsert(current.notifications, notification, known, NOTIFICATIONS.dropdownSize),
    };
  });
  client.setQueryData<ListData>(notificationKeys.list, (current) => {
    if (!current) return current;
    const known = current.pages.some((p) => p.notifications.some((n) => n.id === notification?.id));
    const pages = current.pages.map((page, i) => {
      const without = notification
        ? page.notifications.filter((n) => n.id !== notification.id)
        : page.notifications;
      return {
        ...page,
        unreadCount,
        notifications: i === 0 && notification ? upsert(without, notification, known) : without,
      };
    });
    return { ...current, pages };
  });
}

function markAllInCache(client: ReturnType<typeof useQueryClient>, unreadCount: number) {
  const readAll = (list: Notification[]) => list.map((n) => ({ ...n, read: true }));
  client.setQueryData<NotificationsResponse>(
    notificationKeys.latest,
    (current) =>
      current && { ...current, unreadCount, notifications: readAll(current.notifications) },
  );
  client.setQueryData<ListData>(
    notificationKeys.list,
    (current) =>
      current && {
        ...current,
        pages: current.pages.map((p) => ({
          ...p,
          unreadCount,
          notifications: readAll(p.notifications),
        })),
      },
  );
}

function findCached(client: ReturnType<typeof useQueryClient>, id: string) {
  const latest = client.getQueryData<NotificationsResponse>(notificationKeys.latest);
  const list = client.getQueryData<ListData>(notificationKeys.list);
  return [latest?.notifications ?? [], ...(list?.pages.map((p) => p.notifications) ?? [])]
    .flat()
    .find((n) => n.id === id);
}

/** Marks one read (shown at once; the answer carries the new unread count). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest("POST", `/notifications/${id}/read`, ZUnreadCountResponse, { body: {} }),
    onMutate: (id) => {
      const cached = findCached(client, id);
      const unread = client.getQueryData<NotificationsResponse>(
        notificationKeys.latest,
      )?.unreadCount;
      if (cached && !cached.read) {
        applyNotification(client, { ...cached, read: true }, Math.max(0, (unread ?? 1) - 1));
      }
    },
    onSuccess: ({ unreadCount }, id) => {
      const cached = findCached(client, id);
      applyNotification(client, cached ? { ...cached, read: true } : null, unreadCount);
    },
    onError: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest("POST", "/notifications/read-all", ZUnreadCountResponse, { body: {} }),
    onMutate: () => markAllInCache(client, 0),
    onSuccess: ({ unreadCount }) => markAllInCache(client, unreadCount),
    onError: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
    meta: { errorTitle: "Could not mark notifications as read" },
  });
}
