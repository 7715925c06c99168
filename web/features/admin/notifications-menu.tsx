import { Bell } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import type { AdminNotification } from "../../../contracts/admin-notifications.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useAdminNotifications } from "./api.ts";

function Item({ notification, onOpen }: { notification: AdminNotification; onOpen: () => void }) {
  const content = (
    <>
      <span className="flex items-start gap-2">
        {!notification.read && (
          <>
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" aria-hidden />
            <span className="sr-only">Unread:</span>
          </>
        )}
        <span className="font-medium text-ink-900">{notification.title}</span>
      </span>
      {notification.body && <span className="text-ink-600">{notification.body}</span>}
      <time className="text-xs text-ink-500" dateTime={notification.createdAt}>
        {formatDateTime(notification.createdAt)}
      </time>
    </>
  );
  const className = cn(
    "flex flex-col gap-0.5 rounded-lg px-3 py-2.5 text-left text-sm",
    notification.link && "hover:bg-ink-100",
  );
  return notification.link ? (
    <Link to={notification.link} className={className} onClick={onOpen}>
      {content}
    </Link>
  ) : (
    <div className={className}>{content}</div>
  );
}

/** The dashboard's bell: staff notifications, newest first, updated live. */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const { data, isPending, isError, markAllRead } = useAdminNotifications();
  const unread = data?.unreadCount ?? 0;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Closing after a look marks what was seen as read.
        if (!next && unread > 0) markAllRead();
      }}
    >
      <Popover.Trigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="relative"
          aria-label={unread ? `Notifications (${unread} unread)` : "Notifications"}
        >
          <Bell />
          {unread > 0 && (
            <span className="absolute -right-1 -top-1 flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] font-bold text-white">
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Notifications"
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-ink-200 bg-white p-2 shadow-xl"
        >
          <div className="flex items-center justify-between px-3 py-2">
            <h2 className="text-sm font-semibold text-ink-900">Notifications</h2>
            {unread > 0 && (
              <Button variant="link" size="sm" onClick={markAllRead}>
                Mark all read
              </Button>
            )}
          </div>
          <div className="max-h-96 overflow-y-auto">
            {isPending ? (
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            ) : isError ? (
              <p className="px-3 py-6 text-center text-sm text-ink-600">
                Could not load notifications.
              </p>
            ) : data.items.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-ink-600">No notifications yet</p>
            ) : (
              data.items.map((n) => (
                <Item key={n.id} notification={n} onOpen={() => setOpen(false)} />
              ))
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
