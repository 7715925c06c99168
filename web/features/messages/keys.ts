// Query keys of messaging, apart from api.ts so that the header's badge (loaded after the page)
// can share the conversation list without the API client and zod.

export const messageKeys = {
  /** GET /api/conversations: the list and the unread total (the header's badge). */
  conversations: ["conversations"] as const,
  /** One conversation's loaded messages (see message-cache.ts). */
  messages: (conversationId: string) => ["conversation-messages", conversationId] as const,
};
