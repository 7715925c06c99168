import { useQuery } from "@tanstack/react-query";
import { MessageCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type Conversation, SELECT_CONVERSATION } from "../../../contracts/messages.ts";
import { conversationPath, PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { Container } from "../../components/ui/page.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../lib/auth-client.ts";
import { cn } from "../../lib/cn.ts";
import { openAuthDialog } from "../accounts/auth-dialog-store.ts";
import { SIGN_IN_TO_CONTINUE } from "../bookings/strings.ts";
import { getConversation } from "./api.ts";
import { ChatPane } from "./chat-pane.tsx";
import { ConversationList } from "./conversation-list.tsx";
import { useConversations } from "./conversations-query.ts";
import { useLiveMessages } from "./use-live-messages.ts";
import { useOpenFromUrl } from "./use-open-from-url.ts";

function EmptyPane() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-ink-50/60 px-6 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-white text-brand-600 shadow-sm">
        <MessageCircle className="size-8" aria-hidden />
      </span>
      <p className="text-lg font-semibold text-ink-800">{SELECT_CONVERSATION}</p>
      <p className="max-w-xs text-sm text-ink-500">
        Pick a conversation on the left to read and reply.
      </p>
    </div>
  );
}

/** The selected conversation: from the list, or on its own when the list does not have it. */
function useSelected(id: string | null, conversations: Conversation[] | undefined) {
  const listed = id ? conversations?.find((c) => c.id === id) : undefined;
  const single = useQuery({
    queryKey: ["conversation", id],
    queryFn: ({ signal }) => getConversation(id ?? "", signal),
    enabled: Boolean(id && conversations && !listed),
    retry: false,
  });
  return { conversation: listed ?? single.data?.conversation, missing: single.isError };
}

function Inbox({ myName }: { myName: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const list = useConversations();
  const conversations = list.data?.conversations;
  const typing = useLiveMessages(conversations);
  const opening = useOpenFromUrl();
  const selectedId = params.get("c");
  const { conversation, missing } = useSelected(selectedId, conversations);
  const open = Boolean(selectedId);

  return (
    <div className="flex overflow-hidden md:h-[calc(100dvh-7.5rem)] md:min-h-[32rem] md:rounded-2xl md:border md:border-ink-200 md:bg-white md:shadow-sm">
      <aside
        aria-label="Your conversations"
        className={cn(
          "flex w-full flex-col md:w-80 md:shrink-0 md:border-r md:border-ink-200 lg:w-96",
          open && "hidden md:flex",
        )}
      >
        <div className="flex items-center justify-between px-4 pb-2 pt-4 md:border-b md:border-ink-100 md:pb-3">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink-900 md:text-xl">
            Messages
          </h1>
          {list.data?.unreadTotal ? (
            <span className="text-xs font-medium text-brand-700">
              {list.data.unreadTotal} unread
            </span>
          ) : null}
        </div>
        <QueryState
          query={list}
          failed="Your conversations could not be loaded."
          size="compact"
          className="px-4 py-12"
        >
          {(data) => (
            <ConversationList
              conversations={data.conversations}
              selectedId={selectedId}
              typing={typing}
              onSelect={(id) => navigate(conversationPath(id))}
            />
          )}
        </QueryState>
      </aside>
      <div
        className={cn(
          "min-w-0 flex-1 flex-col",
          // On a phone the open conversation takes the whole screen.
          open ? "fixed inset-0 z-50 flex bg-white md:static md:z-auto" : "hidden md:flex",
        )}
      >
        {conversation ? (
          <ChatPane
            key={conversation.id}
            conversation={conversation}
            myName={myName}
            typing={typing.has(conversation.id)}
            onBack={() => navigate(PAGE_ROUTES.messages)}
          />
        ) : missing ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-ink-600">
            Conversation not found
            <Button variant="outline" onClick={() => navigate(PAGE_ROUTES.messages)}>
              Back to conversations
            </Button>
          </div>
        ) : open || opening ? (
          <div className="grid flex-1 place-items-center">
            <Spinner />
          </div>
        ) : (
          <EmptyPane />
        )}
      </div>
    </div>
  );
}

/** A signed-out visitor who followed a 'Message' link is asked to sign in at once. */
function useSignInPrompt(wanted: boolean, signedOut: boolean) {
  const opened = useRef(false);
  useEffect(() => {
    if (wanted && signedOut && !opened.current) {
      opened.current = true;
      openAuthDialog("signin");
    }
  }, [wanted, signedOut]);
}

export function MessagesScreen() {
  const session = useSession();
  const [params] = useSearchParams();
  useSignInPrompt(params.has("with"), !session.isPending && !session.data);
  return (
    <Container className="pb-24 pt-2 md:pb-8 md:pt-6">
      {session.data ? (
        <Inbox myName={session.data.user.name || session.data.user.email} />
      ) : session.isPending ? (
        <Spinner />
      ) : (
        <div className="mt-6 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-ink-300 px-6 py-12 text-center">
          <h1 className="text-2xl font-extrabold text-ink-900">Messages</h1>
          <p className="text-lg font-semibold text-ink-800">Sign in to see your messages.</p>
          <Button onClick={() => openAuthDialog("signin")}>{SIGN_IN_TO_CONTINUE}</Button>
        </div>
      )}
    </Container>
  );
}
