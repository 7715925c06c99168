import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { fakeEventStream } from "../../test/hail-fixtures.tsx";
import {
  CONVERSATION_ID,
  conversation,
  conversations,
  message,
  renderMessagesApp,
} from "../../test/messages-fixtures.tsx";
import MessagesHeaderLink from "./messages-header-link.tsx";
import UnreadMessagesBadge from "./unread-messages-badge.tsx";

afterEach(async () => {
  cleanup();
  // The tab's event stream closes a moment after its last subscriber leaves.
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

describe("the unread-messages badges", () => {
  it("share one live count: it rises with a message and clears when read", async () => {
    const stream = fakeEventStream();
    let unread = 1;
    const calls = fakeApi((call) =>
      call.path === "/conversations" ? conversations([conversation({ unreadCount: unread })]) : {},
    );
    render(
      renderMessagesApp(
        <>
          <MessagesHeaderLink />
          <UnreadMessagesBadge />
        </>,
        "/messages",
      ),
    );
    expect(await screen.findAllByText("1")).toHaveLength(2);
    expect(screen.getByRole("link", { name: /Messages/ }).getAttribute("href")).toBe("/messages");
    const lists = () => calls.filter((c) => c.path === "/conversations").length;
    expect(lists()).toBe(1);
    await waitFor(() => expect(stream.listening(REALTIME_TOPICS.messages)).toBe(true));
    unread = 2;
    act(() => stream.emit(REALTIME_TOPICS.messages, message({ conversationId: CONVERSATION_ID })));
    expect(await screen.findAllByText("2")).toHaveLength(2);
    unread = 0;
    act(() =>
      stream.emit(REALTIME_TOPICS.conversationRead, {
        conversationId: CONVERSATION_ID,
        readerRole: "client",
        lastReadSeq: 2,
      }),
    );
    await waitFor(() => expect(screen.queryByText("2")).toBeNull());
    expect(screen.queryByText(/unread message/)).toBeNull();
  });

  it("a new message from the other party shows a browser notification only while the tab is hidden", async () => {
    const stream = fakeEventStream();
    fakeApi((call) => (call.path === "/conversations" ? conversations([conversation()]) : {}));
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = "granted";
      static requestPermission = vi.fn();
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string }) {
        shown.push({ title, body: options.body });
      }
      close() {}
    }
    vi.stubGlobal("Notification", FakeNotification);
    let hidden = false;
    vi.spyOn(document, "hidden", "get").mockImplementation(() => hidden);
    render(renderMessagesApp(<MessagesHeaderLink />, "/messages"));
    await screen.findByText("2");
    await waitFor(() => expect(stream.listening(REALTIME_TOPICS.messages)).toBe(true));
    act(() => stream.emit(REALTIME_TOPICS.messages, message({ body: "Visible tab" })));
    hidden = true;
    act(() =>
      stream.emit(REALTIME_TOPICS.messages, message({ senderRole: "client", body: "Mine" })),
    );
    act(() => stream.emit(REALTIME_TOPICS.messages, message({ body: "Are you there?" })));
    expect(shown).toEqual([{ title: "Maya Chen", body: "Are you there?" }]);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
