import { Bell, Check } from "lucide-react";
import {
  MARK_ALL_READ,
  NO_NOTIFICATIONS,
  type Notification,
  type NotificationsResponse,
} from "../../../contracts/notifications.ts";
import { Button } from "../../components/ui/button.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useMarkAllRead, useMarkRead, useNotificationList } from "./api.ts";
import { NotificationItem } from "./notification-item.tsx";
import { useLiveNotifications } from "./use-live-notifications.ts";

/** Every notification of the signed-in person, newest first, 'Load more' for older ones. */
export function NotificationsList() {
  useLiveNotifications();
  const list = useNotificationList();
  return (
    <QueryState query={list} failed="Your notifications could not be loaded." size="section">
      {(data) => <LoadedNotifications list={list} pages={data.pages} />}
    </QueryState>
  );
}

function LoadedNotifications({
  list,
  pages,
}: {
  list: ReturnType<typeof useNotificationList>;
  pages: NotificationsResponse[];
}) {
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  // A notification that moved between pages while paging is shown once.
  const seen = new Set<string>();
  const notifications = pages
    .flatMap((p) => p.notifications)
    .filter((n) => !seen.has(n.id) && seen.add(n.id));
  const unread = pages[0]?.unreadCount ?? 0;
  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
  };

  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-300 px-6 py-16 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-ink-100 text-ink-500">
          <Bell className="size-6" aria-hidden />
        </span>
        <p className="text-lg font-semibold text-ink-800">{NO_NOTIFICATIONS}</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-ink-600" aria-live="polite">
          {unread > 0 ? `${unread} unread` : "All read"}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0}
          onClick={() => markAllRead.mutate()}
        >
          <Check aria-hidden /> {MARK_ALL_READ}
        </Button>
      </div>
      <ul className="flex flex-col gap-1 rounded-2xl bg-white p-2 shadow-soft ring-1 ring-ink-200/70">
        {notifications.map((n) => (
          <li key={n.id}>
            <NotificationItem notification={n} onOpen={open} className="sm:px-4" />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={list.isFetchingNextPage}
          aria-busy={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}
