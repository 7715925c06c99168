import { CountBadge } from "../../components/ui/count-badge.tsx";

const LABEL = ["unread message", "unread messages"] as const;

/** A red count of unread messages; nothing when there are none. */
export function UnreadCount({ count, className }: { count: number; className?: string }) {
  return <CountBadge count={count} label={LABEL} className={className} />;
}
