import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ConversationRole, MessageAttachment } from "../../../contracts/messages.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ImageViewer } from "./image-viewer.tsx";
import { MessageBubble } from "./message-bubble.tsx";
import type { MessagesState } from "./message-cache.ts";

// Near enough to an edge to count as being there.
const EDGE_PX = 80;

/**
 * The conversation's messages, oldest at the top: scrolling to the top loads older ones without
 * moving what is on screen; new ones keep the view at the bottom when it was there.
 */
export function MessageList({
  conversationId,
  state,
  myRole,
  loadingOlder,
  onLoadOlder,
  onRetry,
}: {
  conversationId: string;
  state: MessagesState;
  myRole: ConversationRole;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (id: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const before = useRef({ firstId: "", height: 0, top: 0 });
  const [viewing, setViewing] = useState<MessageAttachment | null>(null);
  const { messages } = state;
  const firstId = messages[0]?.id ?? "";
  const last = messages.at(-1);

  // Older messages were put above: keep the ones on screen where they were.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const previous = before.current;
    if (previous.firstId && previous.firstId !== firstId && !atBottom.current) {
      box.scrollTop = previous.top + (box.scrollHeight - previous.height);
    }
    before.current = { firstId, height: box.scrollHeight, top: box.scrollTop };
  }, [firstId]);

  // A new message (or the first page): stay at the bottom when the view was there, or when the
  // viewer sent it.
  const lastKey = last ? `${last.id}:${last.state}` : "";
  const lastOwn = last?.senderRole === myRole;
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || !lastKey) return;
    if (atBottom.current || lastOwn) {
      box.scrollTop = box.scrollHeight;
      atBottom.current = true;
    }
  }, [lastKey, lastOwn]);

  // Photos take their height when they load: the view stays at the bottom if it was there.
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const stick = () => {
      if (atBottom.current) box.scrollTop = box.scrollHeight;
    };
    box.addEventListener("load", stick, true);
    return () => box.removeEventListener("load", stick, true);
  }, []);

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < EDGE_PX;
    before.current = { firstId, height: box.scrollHeight, top: box.scrollTop };
    if (box.scrollTop < EDGE_PX && state.hasOlder && !loadingOlder) onLoadOlder();
  };

  const lastOwnStored = messages.findLast((m) => m.senderRole === myRole && m.state === "sent");
  const seenId =
    lastOwnStored && state.otherLastReadSeq !== null && state.otherLastReadSeq >= lastOwnStored.seq
      ? lastOwnStored.id
      : null;

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-ink-50/60 px-3 py-4 sm:px-6"
      data-testid="message-scroller"
    >
      {state.hasOlder ? (
        <div className="flex justify-center py-2">
          {loadingOlder ? (
            <Spinner label="Loading older messages" />
          ) : (
            <button
              type="button"
              onClick={onLoadOlder}
              className="rounded-full bg-white px-3 py-1 text-xs font-medium text-ink-600 shadow-sm hover:bg-ink-100"
            >
              Load older messages
            </button>
          )}
        </div>
      ) : null}
      {messages.length ? (
        <ol aria-label="Messages" className="flex flex-col gap-3">
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              own={message.senderRole === myRole}
              seen={message.id === seenId}
              onRetry={onRetry}
              onOpenImage={setViewing}
            />
          ))}
        </ol>
      ) : (
        <p className="py-16 text-center text-sm text-ink-500">No messages yet. Say hello!</p>
      )}
      <ImageViewer
        conversationId={conversationId}
        attachment={viewing}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}
