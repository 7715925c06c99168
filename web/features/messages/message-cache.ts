import type { Message, MessagesResponse } from "../../../contracts/messages.ts";

// One conversation's loaded messages in the query cache: the pages loaded so far, the live
// ones, and the viewer's own sends still on their way (optimistic, by their client id).

export type SendState = "sending" | "sent" | "failed";
export type ChatMessage = Message & {
  state: SendState;
  /** Local previews of a pending send's images (object URLs), by attachment id. */
  previews?: Record<string, string>;
};
export type MessagesState = {
  messages: ChatMessage[];
  hasOlder: boolean;
  myLastReadSeq: number;
  otherLastReadSeq: number | null;
};

/** A send not yet answered sorts after every stored message. */
export const PENDING_SEQ = Number.MAX_SAFE_INTEGER;

const sent = (message: Message): ChatMessage => ({ ...message, state: "sent" });
const bySeq = (a: ChatMessage, b: ChatMessage) => a.seq - b.seq;

/** `incoming` merged in by id (a stored message replaces the pending send of the same id). */
export function mergeMessages(existing: ChatMessage[], incoming: Message[]): ChatMessage[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const message of incoming) {
    const previews = byId.get(message.id)?.previews;
    byId.set(message.id, previews ? { ...sent(message), previews } : sent(message));
  }
  // Array.sort is stable: pending sends keep the order they were written in.
  return [...byId.values()].sort(bySeq);
}

/** The newest page from the server, merged with what was loaded (a refetch or a resync). */
export function withNewestPage(
  state: MessagesState | undefined,
  page: MessagesResponse,
): MessagesState {
  if (!state) {
    return { ...page, messages: page.messages.map(sent) };
  }
  const stored = state.messages.filter((m) => m.state === "sent");
  const newestLoaded = stored.at(-1)?.seq ?? -1;
  const firstOfPage = page.messages[0]?.seq ?? Number.POSITIVE_INFINITY;
  // The page joins what is loaded: keep the older pages. Otherwise too much was missed.
  const joins = stored.length === 0 ? false : firstOfPage <= newestLoaded + 1;
  const kept = joins ? state.messages : state.messages.filter((m) => m.state !== "sent");
  return {
    messages: mergeMessages(kept, page.messages),
    hasOlder: joins ? state.hasOlder : page.hasOlder,
    myLastReadSeq: Math.max(state.myLastReadSeq, page.myLastReadSeq),
    otherLastReadSeq:
      page.otherLastReadSeq === null
        ? null
        : Math.max(state.otherLastReadSeq ?? -1, page.otherLastReadSeq),
  };
}

export function withOlderPage(state: MessagesState, page: MessagesResponse): MessagesState {
  return {
    ...state,
    messages: mergeMessages(state.messages, page.messages),
    hasOlder: page.hasOlder,
  };
}

export function withMessage(state: MessagesState, message: Message): MessagesState {
  return { ...state, messages: mergeMessages(state.messages, [message]) };
}

export function withPending(state: MessagesState, message: ChatMessage): MessagesState {
  return { ...state, messages: [...state.messages.filter((m) => m.id !== message.id), message] };
}

export function withSendState(state: MessagesState, id: string, next: SendState): MessagesState {
  return {
    ...state,
    messages: state.messages.map((m) =>
      m.id === id && m.state !== "sent" ? { ...m, state: next } : m,
    ),
  };
}

/** The newest message the server has stored (read pointers are its seq). */
export const lastStored = (state: MessagesState | undefined) =>
  state?.messages.findLast((m) => m.state === "sent");
