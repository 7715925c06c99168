import { describe, expect, it } from "vitest";
import type { Message } from "../../../contracts/messages.ts";
import {
  type ChatMessage,
  type MessagesState,
  PENDING_SEQ,
  withMessage,
  withNewestPage,
  withOlderPage,
  withPending,
} from "./message-cache.ts";
import { splitLinks } from "./message-text.tsx";

const CONVERSATION = "0b7c3a1e-2d4f-4a6b-8c9d-1e2f3a4b5c6d";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const msg = (seq: number): Message => ({
  id: id(seq),
  seq,
  conversationId: CONVERSATION,
  senderRole: "creator",
  senderName: "Maya",
  body: `m${seq}`,
  attachments: [],
  createdAt: "2026-11-23T10:00:00.000Z",
});
const page = (seqs: number[], hasOlder = false) => ({
  messages: seqs.map(msg),
  hasOlder,
  myLastReadSeq: 0,
  otherLastReadSeq: 0,
});
const seqs = (state: MessagesState) => state.messages.map((m) => m.seq);

describe("a conversation's loaded messages", () => {
  it("orders live messages by seq and keeps each once", () => {
    let state = withNewestPage(undefined, page([1, 2]));
    state = withMessage(state, msg(4));
    state = withMessage(state, msg(3));
    state = withMessage(state, msg(4));
    expect(seqs(state)).toEqual([1, 2, 3, 4]);
  });

  it("a pending send stays last until the server's copy (same id) replaces it", () => {
    let state = withNewestPage(undefined, page([1]));
    const pending: ChatMessage = { ...msg(0), id: id(99), seq: PENDING_SEQ, state: "sending" };
    state = withPending(state, pending);
    state = withMessage(state, msg(2));
    expect(state.messages.map((m) => m.id)).toEqual([id(1), id(2), id(99)]);
    state = withMessage(state, { ...msg(3), id: id(99) });
    expect(state.messages.map((m) => [m.id, m.state])).toEqual([
      [id(1), "sent"],
      [id(2), "sent"],
      [id(99), "sent"],
    ]);
  });

  it("a refetched newest page joins older pages; a gap replaces them", () => {
    let state = withNewestPage(undefined, page([51, 52], true));
    state = withOlderPage(state, page([49, 50], true));
    expect(seqs(withNewestPage(state, page([52, 53], true)))).toEqual([49, 50, 51, 52, 53]);
    expect(withNewestPage(state, page([52, 53], true)).hasOlder).toBe(true);
    const gap = withNewestPage(state, page([80, 81], true));
    expect(seqs(gap)).toEqual([80, 81]);
  });
});

describe("links in a message", () => {
  it("are split out without trailing punctuation; the rest stays text", () => {
    expect(splitLinks("See https://example.com/a, and www.shutter.example.")).toEqual([
      { text: "See " },
      { text: "https://example.com/a", href: "https://example.com/a" },
      { text: ", and " },
      { text: "www.shutter.example", href: "https://www.shutter.example" },
      { text: "." },
    ]);
    expect(splitLinks("<script>x</script>")).toEqual([{ text: "<script>x</script>" }]);
  });
});
