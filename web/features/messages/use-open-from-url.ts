import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { ConversationsResponse } from "../../../contracts/messages.ts";
import { conversationPath, PAGE_ROUTES } from "../../../contracts/routes.ts";
import { toastApiError } from "../../lib/api-errors.ts";
import { openBookingConversation, openConversation } from "./api.ts";
import { messageKeys } from "./keys.ts";

/**
 * `?with=<creatorId>&booking=<id>` (a 'Send Message' or 'Message' button, a shared link) or
 * `?booking=<id>` alone (a creator's 'Message' on a booking card): opens or starts that
 * conversation, then the URL becomes `?c=<id>`.
 */
export function useOpenFromUrl() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const creatorId = params.get("with");
  const bookingId = params.get("booking") ?? undefined;
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!creatorId && !bookingId) return;
    const ask = `${creatorId ?? ""}:${bookingId ?? ""}`;
    if (started.current === ask) return;
    started.current = ask;
    (creatorId ? openConversation(creatorId, bookingId) : openBookingConversation(bookingId ?? ""))
      .then(({ conversation }) => {
        client.setQueryData<ConversationsResponse>(messageKeys.conversations, (list) =>
          list
            ? {
                ...list,
                conversations: [
                  conversation,
                  ...list.conversations.filter((c) => c.id !== conversation.id),
                ],
              }
            : list,
        );
        void client.invalidateQueries({ queryKey: messageKeys.conversations });
        navigate(conversationPath(conversation.id), { replace: true });
      })
      .catch((error) => {
        toastApiError(error, "Could not open the conversation");
        navigate(PAGE_ROUTES.messages, { replace: true });
      });
  }, [bookingId, client, creatorId, navigate]);
  return Boolean(creatorId || bookingId);
}
