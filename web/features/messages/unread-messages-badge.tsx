import { useUnreadTotal } from "./conversations-query.ts";
import { UnreadCount } from "./unread-count.tsx";

/** The phone's Messages tab: the live count of unread messages. */
export default function UnreadMessagesBadge({ className }: { className?: string }) {
  return <UnreadCount count={useUnreadTotal()} className={className} />;
}
