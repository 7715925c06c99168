import { Link } from "react-router";
import type { Notification } from "../../../contracts/notifications.ts";
import { cn } from "../../lib/cn.ts";
import { KindIcon } from "./kind-icon.tsx";
import { formatRelativeTime } from "./relative-time.ts";

/** A grouped notification's count, e.g. "3 new messages". */
export function groupedCountLabel(notification: Notification): string | null {
  if (notification.count <= 1) return null;
  return notification.kind === "message"
    ? `${notification.count} new messages`
    : `${notification.count} updates`;
}

/** One notification: opening it marks it read and goes to its screen. */
export function NotificationItem({
  notification,
  onOpen,
  className,
  compact = false,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  className?: string;
  /** The dropdown: bodies cut to two lines. */
  compact?: boolean;
}) {
  const grouped = groupedCountLabel(notification);
  return (
    <Link
      to={notification.link}
      onClick={() => onOpen(notification)}
      className={cn(
        "group flex items-start gap-3 rounded-xl px-3 py-3 text-left text-sm transition-colors hover:bg-ink-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        !notification.read && "bg-brand-50/60",
        className,
      )}
    >
      <KindIcon kind={notification.kind} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-start justify-between gap-2">
          <span className={cn("text-ink-900", notification.read ? "font-medium" : "font-semibold")}>
            {!notification.read && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
          {!notification.read && (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-hidden />
          )}
        </span>
        {notification.body && (
          <span className={cn("text-ink-600", compact && "line-clamp-2")}>{notification.body}</span>
        )}
        <span className="flex flex-wrap items-center gap-2 text-xs text-ink-500">
          <time dateTime={notification.updatedAt} title={notification.updatedAt}>
            {formatRelativeTime(notification.updatedAt)}
          </time>
          {grouped && (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 font-semibold text-brand-800">
              {grouped}
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
