import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Toaster } from "sonner";
import type {
  Conversation,
  ConversationsResponse,
  Message,
  MessagesResponse,
} from "../../contracts/messages.ts";

// Shared by the messages component tests: answers in the contract's shapes.

export const CONVERSATION_ID = "0b7c3a1e-2d4f-4a6b-8c9d-1e2f3a4b5c6d";
export const OTHER_CONVERSATION_ID = "1c8d4b2f-3e50-4b7c-9dae-2f3a4b5c6d7e";
export const MESSAGES_CREATOR_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

export const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: CONVERSATION_ID,
  myRole: "client",
  other: { name: "Maya Chen", imageKey: null, creatorId: MESSAGES_CREATOR_ID, online: true },
  lastMessage: {
    body: "See you Saturday!",
    senderRole: "creator",
    attachmentCount: 0,
    createdAt: new Date().toISOString(),
  },
  unreadCount: 2,
  booking: null,
  blockedByMe: false,
  blockedByOther: false,
  ...overrides,
});

export const conversations = (list: Conversation[]): ConversationsResponse => ({
  conversations: list,
  unreadTotal: list.reduce((sum, c) => sum + c.unreadCount, 0),
});

let uuid = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, "0")}`;

export const message = (overrides: Partial<Message> = {}): Message => ({
  id: nextId(),
  seq: 1,
  conversationId: CONVERSATION_ID,
  senderRole: "creator",
  senderName: "Maya Chen",
  body: "Hello!",
  attachments: [],
  createdAt: new Date().toISOString(),
  ...overrides,
});

export const page = (messages: Message[], overrides: Partial<MessagesResponse> = {}) => ({
  messages,
  hasOlder: false,
  myLastReadSeq: messages.at(-1)?.seq ?? 0,
  otherLastReadSeq: 0,
  ...overrides,
});

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The screen inside a fresh query cache and a router at `path`. */
export function renderMessagesApp(ui: ReactNode, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/messages" element={ui} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationProbe />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>
  );
}
