import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ConversationsResponse } from "../../../contracts/messages.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { messageKeys } from "./keys.ts";

// The conversation list, shared by the header's badge, the phone tab's badge and /messages. It
// reads with a plain fetch, not the API client: the badges load on every page for a signed-in
// visitor and must not bring zod and the contract schemas (the home page's bundle budget).
// The path and shape are contracts/messages.ts ZConversationsResponse.
export const CONVERSATIONS_URL = "/api/conversations";

export async function fetchConversations(signal?: AbortSignal): Promise<ConversationsResponse> {
  const response = await fetch(CONVERSATIONS_URL, {
    signal,
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Conversations: ${response.status}`);
  const body = (await response.json()) as Partial<ConversationsResponse>;
  return {
    conversations: Array.isArray(body.conversations) ? body.conversations : [],
    unreadTotal: typeof body.unreadTotal === "number" ? body.unreadTotal : 0,
  };
}

const LIST_TOPICS = [
  REALTIME_TOPICS.messages,
  REALTIME_TOPICS.conversationRead,
  REALTIME_TOPICS.conversations,
] as const;

// One subscription however many components show the list (the header, the tab bar, the page).
let users = 0;
let unsubscribe: (() => void) | undefined;

function subscribeList(client: QueryClient) {
  const reload = () => void client.invalidateQueries({ queryKey: messageKeys.conversations });
  const stops = LIST_TOPICS.map((topic) =>
    subscribeEvents(topic, { onEvent: reload, onResync: reload }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

/** The viewer's conversations, kept live: any message, read or change reloads the list. */
export function useConversations() {
  const client = useQueryClient();
  useEffect(() => {
    if (users++ === 0) unsubscribe = subscribeList(client);
    return () => {
      if (--users === 0) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    };
  }, [client]);
  return useQuery({
    queryKey: messageKeys.conversations,
    queryFn: ({ signal }) => fetchConversations(signal),
    refetchOnWindowFocus: true,
  });
}

/** The unread total over all conversations (the header's and the Messages tab's badge). */
export function useUnreadTotal(): number {
  return useConversations().data?.unreadTotal ?? 0;
}
