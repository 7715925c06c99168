import { Ban } from "lucide-react";
import { type Conversation, MESSAGE_BLOCKED } from "../../../contracts/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { ChatHeader } from "./chat-header.tsx";
import { Composer } from "./composer.tsx";
import { MessageList } from "./message-list.tsx";
import { useBlock } from "./use-block.ts";
import { useDocumentVisible } from "./use-document-visible.ts";
import { useMessages } from "./use-messages.ts";
import { useReadPointer } from "./use-read-pointer.ts";
import { useSendMessage } from "./use-send-message.ts";
import { useTypingSignal } from "./use-typing-signal.ts";

function BlockedNotice({ conversation }: { conversation: Conversation }) {
  const block = useBlock(conversation);
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-t border-ink-200 bg-ink-50 px-4 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-sm text-ink-600">
      <Ban className="size-4" aria-hidden />
      {MESSAGE_BLOCKED}
      {conversation.blockedByMe ? (
        <Button
          variant="link"
          size="sm"
          disabled={block.isPending}
          onClick={() => block.mutate(false)}
        >
          Unblock
        </Button>
      ) : null}
    </div>
  );
}

/** The open conversation: who, the messages, and the input (or why nothing can be sent). */
export function ChatPane({
  conversation,
  myName,
  typing,
  onBack,
}: {
  conversation: Conversation;
  myName: string;
  typing: boolean;
  onBack: () => void;
}) {
  const messages = useMessages(conversation.id);
  const { send, retry } = useSendMessage(conversation.id, conversation.myRole, myName);
  const onTyping = useTypingSignal(conversation.id);
  useReadPointer(conversation.id, messages.data, useDocumentVisible());
  const blocked = conversation.blockedByMe || conversation.blockedByOther;

  return (
    <section
      aria-label={`Conversation with ${conversation.other.name}`}
      className="flex min-h-0 flex-1 flex-col"
    >
      <ChatHeader conversation={conversation} typing={typing} onBack={onBack} />
      <QueryState
        query={messages}
        failed="Messages could not be loaded."
        size="compact"
        className="flex flex-1 flex-col items-center justify-center"
      >
        {(state) => (
          <MessageList
            conversationId={conversation.id}
            state={state}
            myRole={conversation.myRole}
            loadingOlder={messages.loadingOlder}
            onLoadOlder={() => void messages.loadOlder()}
            onRetry={retry}
          />
        )}
      </QueryState>
      {blocked ? (
        <BlockedNotice conversation={conversation} />
      ) : (
        <Composer
          key={conversation.id}
          conversationId={conversation.id}
          onSend={send}
          onTyping={onTyping}
        />
      )}
    </section>
  );
}
