import { Bell, Check } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import {
  MARK_ALL_READ,
  NO_NOTIFICATIONS,
  NOTIFICATIONS_TITLE,
  type Notification,
} from "../../../contracts/notifications.ts";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useLatestNotifications, useMarkAllRead, useMarkRead } from "./api.ts";
import { NotificationItem } from "./notification-item.tsx";
import { bellLabel, UnreadBadge } from "./unread-badge.tsx";
import { useLiveNotifications } from "./use-live-notifications.ts";

function DropdownBody({ onOpen }: { onOpen: (n: Notification) => void }) {
  return (
    <QueryState
      query={useLatestNotifications()}
      failed="Notifications could not be loaded."
      size="compact"
    >
      {(data) => <LatestNotifications notifications={data.notifications} onOpen={onOpen} />}
    </QueryState>
  );
}

function LatestNotifications({
  notifications,
  onOpen,
}: {
  notifications: Notification[];
  onOpen: (n: Notification) => void;
}) {
  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-3 py-10 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-ink-100 text-ink-500">
          <Bell className="size-5" aria-hidden />
        </span>
        <p className="text-sm font-medium text-ink-700">{NO_NOTIFICATIONS}</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-0.5">
      {notifications.map((n) => (
        <li key={n.id}>
          <NotificationItem notification={n} onOpen={onOpen} compact />
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's notification bell with its live unread count; `asLink` (the phone header)
 * goes to the /notifications page instead of opening the dropdown.
 */
export default function NotificationBell({ asLink = false }: { asLink?: boolean }) {
  useLiveNotifications();
  const [open, setOpen] = useState(false);
  const { data } = useLatestNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = data?.unreadCount ?? 0;

  if (asLink) {
    return (
      <Button variant="ghost" size="icon" className="relative" asChild>
        <Link to={PAGE_ROUTES.notifications} aria-label={bellLabel(unread)}>
          <Bell className="size-5!" aria-hidden />
          <UnreadBadge count={unread} />
        </Link>
      </Button>
    );
  }

  const openOne = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(unread)}>
          <Bell className="size-5!" aria-hidden />
          <UnreadBadge count={unread} />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          aria-label={NOTIFICATIONS_TITLE}
          className="z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col rounded-2xl border border-ink-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-ink-100 px-4 py-3">
            <h2 className="text-base font-semibold text-ink-900">{NOTIFICATIONS_TITLE}</h2>
            {unread > 0 && (
              <Button variant="ghost" size="sm" onClick={() => markAllRead.mutate()}>
                <Check aria-hidden /> {MARK_ALL_READ}
              </Button>
            )}
          </div>
          <div className="max-h-[26rem] overflow-y-auto p-1.5">
            <DropdownBody onOpen={openOne} />
          </div>
          <div className="border-t border-ink-100 p-1.5">
            <Button variant="ghost" className="w-full text-brand-700" asChild>
              <Link to={PAGE_ROUTES.notifications} onClick={() => setOpen(false)}>
                View all
              </Link>
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
