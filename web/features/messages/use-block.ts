import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Conversation, ConversationsResponse } from "../../../contracts/messages.ts";
import { toast } from "../../lib/toast.ts";
import { setBlocked } from "./api.ts";
import { messageKeys } from "./keys.ts";

/** Block (true) or unblock (false) the other party of a conversation. */
export function useBlock(conversation: Conversation) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlocked(conversation.id, blocked),
    meta: { errorTitle: "Could not change the block" },
    onSuccess: ({ conversation: changed }, blocked) => {
      client.setQueryData<ConversationsResponse>(messageKeys.conversations, (list) =>
        list
          ? {
              ...list,
              conversations: list.conversations.map((c) => (c.id === changed.id ? changed : c)),
            }
          : list,
      );
      toast.success(blocked ? `${conversation.other.name} is blocked` : "Unblocked");
    },
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.conversations }),
  });
}
