import { ImageIcon } from "lucide-react";
import type { Conversation } from "../../../contracts/messages.ts";
import { Avatar } from "../../components/ui/media-image.tsx";
import { cn } from "../../lib/cn.ts";
import { listTime } from "./time.ts";
import { UnreadCount } from "./unread-count.tsx";

function lastMessageText(conversation: Conversation): string {
  const last = conversation.lastMessage;
  if (!last) return "No messages yet";
  const you = last.senderRole === conversation.myRole ? "You: " : "";
  if (last.body.trim()) return `${you}${last.body}`;
  return `${you}${last.attachmentCount === 1 ? "Photo" : `${last.attachmentCount} photos`}`;
}

/** One conversation in the list: who, their last message, when, unread count, online dot. */
export function ConversationRow({
  conversation,
  selected,
  typing,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  typing: boolean;
  onSelect: () => void;
}) {
  const { other, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      className={cn(
        "flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left transition-colors",
        selected ? "bg-brand-50 ring-1 ring-brand-200" : "hover:bg-ink-50",
      )}
    >
      <span className="relative shrink-0">
        <Avatar imageKey={other.imageKey} name={other.name} className="size-12 text-base" />
        {other.online ? (
          <span
            className="absolute bottom-0 right-0 size-3.5 rounded-full border-2 border-white bg-emerald-500"
            title="Online"
          >
            <span className="sr-only">Online</span>
          </span>
        ) : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn("truncate text-ink-900", unread ? "font-bold" : "font-semibold")}>
            {other.name}
          </span>
          {lastMessage ? (
            <span className={cn("shrink-0 text-xs", unread ? "text-brand-700" : "text-ink-600")}>
              {listTime(lastMessage.createdAt)}
            </span>
          ) : null}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span
            className={cn(
              "flex min-w-0 items-center gap-1 truncate text-sm",
              typing ? "italic text-brand-700" : unread ? "text-ink-800" : "text-ink-600",
            )}
          >
            {typing ? (
              "typing…"
            ) : (
              <>
                {lastMessage && !lastMessage.body.trim() ? (
                  <ImageIcon className="size-3.5 shrink-0" aria-hidden />
                ) : null}
                <span className="truncate">{lastMessageText(conversation)}</span>
              </>
            )}
          </span>
          <UnreadCount count={unreadCount} />
        </span>
      </span>
    </button>
  );
}
