import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { type Conversation, NO_CONVERSATIONS } from "../../../contracts/messages.ts";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConversationRow } from "./conversation-row.tsx";

export function ConversationList({
  conversations,
  selectedId,
  typing,
  onSelect,
}: {
  conversations: Conversation[];
  selectedId: string | null;
  typing: ReadonlySet<string>;
  onSelect: (id: string) => void;
}) {
  if (!conversations.length) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-12 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
          <MessageCircle className="size-7" aria-hidden />
        </span>
        <p className="font-semibold text-ink-800">{NO_CONVERSATIONS}</p>
        <p className="text-sm text-ink-500">Message a creator from their profile or a booking.</p>
        <Button asChild size="sm" variant="outline">
          <Link to={PAGE_ROUTES.search}>Find Photographers</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul aria-label="Conversations" className="flex flex-col gap-1 overflow-y-auto p-2">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow
            conversation={conversation}
            selected={conversation.id === selectedId}
            typing={typing.has(conversation.id)}
            onSelect={() => onSelect(conversation.id)}
          />
        </li>
      ))}
    </ul>
  );
}
