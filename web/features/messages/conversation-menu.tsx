import { Ban, Flag, MoreVertical } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import type { Conversation } from "../../../contracts/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { ReportDialog } from "./report-dialog.tsx";
import { useBlock } from "./use-block.ts";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink-800 outline-none data-[highlighted]:bg-ink-100";

/** Block / unblock and report, for the open conversation. */
export function ConversationMenu({ conversation }: { conversation: Conversation }) {
  const [reporting, setReporting] = useState(false);
  const block = useBlock(conversation);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label="Conversation options">
            <MoreVertical className="size-5!" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-xl border border-ink-200 bg-white p-1 shadow-xl"
          >
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => block.mutate(!conversation.blockedByMe)}
            >
              <Ban className="size-4 text-ink-500" aria-hidden />
              {conversation.blockedByMe ? "Unblock" : "Block"}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setReporting(true)}>
              <Flag className="size-4 text-red-600" aria-hidden />
              Report conversation
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog conversationId={conversation.id} open={reporting} onOpenChange={setReporting} />
    </>
  );
}
