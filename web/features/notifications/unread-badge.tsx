import { CountBadge } from "../../components/ui/count-badge.tsx";

/** The red unread count on the bell; nothing at zero (the bell's name carries the count). */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  return (
    <CountBadge
      count={count}
      data-testid="notification-count"
      className={`absolute -right-1 -top-1 px-1 ring-2 ring-white ${className ?? ""}`}
    />
  );
}

export const bellLabel = (count: number) =>
  count > 0 ? `Notifications (${count} unread)` : "Notifications";
