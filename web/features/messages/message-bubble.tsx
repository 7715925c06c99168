import { AlertCircle, Check, Clock } from "lucide-react";
import {
  conversationImageUrl,
  MESSAGE_SEEN,
  type MessageAttachment,
} from "../../../contracts/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import type { ChatMessage } from "./message-cache.ts";
import { MessageText } from "./message-text.tsx";
import { bubbleTime } from "./time.ts";

function Attachments({
  message,
  own,
  onOpen,
}: {
  message: ChatMessage;
  own: boolean;
  onOpen: (attachment: MessageAttachment) => void;
}) {
  const many = message.attachments.length > 1;
  return (
    <div
      className={cn("grid gap-1", many ? "grid-cols-2" : "grid-cols-1", own && "justify-items-end")}
    >
      {message.attachments.map((attachment) => (
        <button
          key={attachment.id}
          type="button"
          onClick={() => onOpen(attachment)}
          className="overflow-hidden rounded-xl bg-ink-100 focus-visible:ring-2 focus-visible:ring-brand-500"
          aria-label="Open photo"
        >
          <img
            src={
              message.previews?.[attachment.id] ??
              conversationImageUrl(message.conversationId, attachment.id, "thumb")
            }
            alt=""
            loading="lazy"
            className={cn("object-cover", many ? "size-28 sm:size-32" : "max-h-60 w-56")}
          />
        </button>
      ))}
    </div>
  );
}

/** One message: the viewer's own on the right, the other party's on the left. */
export function MessageBubble({
  message,
  own,
  seen,
  onRetry,
  onOpenImage,
}: {
  message: ChatMessage;
  own: boolean;
  seen: boolean;
  onRetry: (id: string) => void;
  onOpenImage: (attachment: MessageAttachment) => void;
}) {
  const hasText = message.body.trim().length > 0;
  return (
    <li
      className={cn("flex flex-col gap-1", own ? "items-end" : "items-start")}
      data-own={own ? "true" : "false"}
      data-testid="message"
    >
      {message.attachments.length ? (
        <Attachments message={message} own={own} onOpen={onOpenImage} />
      ) : null}
      {hasText ? (
        <div
          className={cn(
            "max-w-[85%] rounded-2xl px-4 py-2.5 text-[15px] leading-relaxed shadow-sm sm:max-w-[70%]",
            own
              ? "rounded-br-md bg-brand-700 text-white"
              : "rounded-bl-md border border-ink-100 bg-white text-ink-900",
            message.state === "failed" && "bg-red-50 text-red-900 ring-1 ring-red-300",
          )}
        >
          <MessageText text={message.body} />
        </div>
      ) : null}
      <div className="flex items-center gap-1.5 px-1 text-[11px] text-ink-500">
        {message.state === "sending" ? (
          <>
            <Clock className="size-3" aria-hidden /> Sending…
          </>
        ) : message.state === "failed" ? (
          <>
            <AlertCircle className="size-3 text-red-600" aria-hidden />
            <span className="text-red-700">Not sent</span>
            <Button
              variant="link"
              size="sm"
              className="h-auto text-[11px]"
              onClick={() => onRetry(message.id)}
            >
              Retry
            </Button>
          </>
        ) : (
          <>
            <time dateTime={message.createdAt}>{bubbleTime(message.createdAt)}</time>
            {own ? <Check className="size-3" aria-label="Sent" /> : null}
          </>
        )}
      </div>
      {seen ? (
        <p className="px-1 text-[11px] font-semibold text-brand-700">{MESSAGE_SEEN}</p>
      ) : null}
    </li>
  );
}
