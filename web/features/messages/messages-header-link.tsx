import { MessageCircle } from "lucide-react";
import { NavLink } from "react-router";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { cn } from "../../lib/cn.ts";
import { useMessageBrowserNotifications } from "./browser-notifications.ts";
import { useConversations } from "./conversations-query.ts";
import { UnreadCount } from "./unread-count.tsx";

/**
 * The header's Messages link (an icon beside the map's, to keep the header on one line) with
 * the live count of unread messages. Mounted on every page for a signed-in visitor, it also
 * shows new messages as browser notifications while the tab is hidden.
 */
export default function MessagesHeaderLink() {
  const { data } = useConversations();
  useMessageBrowserNotifications(data?.conversations);
  const unread = data?.unreadTotal ?? 0;
  return (
    <NavLink
      to={PAGE_ROUTES.messages}
      title="Messages"
      className={({ isActive }) =>
        cn(
          "relative grid size-10 place-items-center rounded-xl transition-colors",
          isActive ? "bg-brand-50 text-brand-700" : "text-ink-700 hover:bg-ink-100",
        )
      }
    >
      <MessageCircle className="size-5" aria-hidden />
      <span className="sr-only">Messages</span>
      <UnreadCount count={unread} className="absolute -right-1 -top-1" />
    </NavLink>
  );
}
