import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { getMessages } from "./api.ts";
import { messageKeys } from "./keys.ts";
import { type MessagesState, withNewestPage, withOlderPage } from "./message-cache.ts";

/**
 * A conversation's messages: the newest page first, merged into what is loaded on every
 * refetch (a resync after a dropped stream), older pages on demand. Live ones come by events.
 */
export function useMessages(conversationId: string) {
  const client = useQueryClient();
  const key = messageKeys.messages(conversationId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      withNewestPage(
        client.getQueryData<MessagesState>(key),
        await getMessages(conversationId, undefined, signal),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    meta: { errorTitle: "Failed to load messages" },
  });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = useCallback(async () => {
    const state = client.getQueryData<MessagesState>(key);
    const oldest = state?.messages.find((m) => m.state === "sent");
    if (!state?.hasOlder || !oldest || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getMessages(conversationId, oldest.id);
      client.setQueryData<MessagesState>(key, (s) => (s ? withOlderPage(s, page) : s));
    } catch {
      // Scrolling up again asks again.
    } finally {
      setLoadingOlder(false);
    }
  }, [client, conversationId, key, loadingOlder]);
  return { ...query, loadOlder, loadingOlder };
}
