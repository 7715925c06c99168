import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Conversation, Message } from "../../../contracts/messages.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import MessagesRoute from "../../routes/messages.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { fakeEventStream, signedInSession } from "../../test/hail-fixtures.tsx";
import {
  CONVERSATION_ID,
  conversation,
  conversations,
  message,
  OTHER_CONVERSATION_ID,
  page,
  renderMessagesApp,
} from "../../test/messages-fixtures.tsx";

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

type World = {
  list?: Conversation[];
  messages?: Message[];
  otherLastReadSeq?: number | null;
  extra?: (call: ApiCall) => unknown;
};

function api({ list = [conversation()], messages = [], otherLastReadSeq = 0, extra }: World) {
  return fakeApi((call) => {
    const answer = extra?.(call);
    if (answer !== undefined) return answer;
    if (call.path === "/auth/get-session") return signedInSession;
    if (call.method === "GET" && call.path === "/conversations") return conversations(list);
    if (call.method === "GET" && call.path === `/conversations/${CONVERSATION_ID}/messages`) {
      return page(messages, { otherLastReadSeq });
    }
    if (call.method === "POST" && call.path.endsWith("/read")) {
      return { lastReadSeq: (call.body as { seq: number }).seq, unreadTotal: 0 };
    }
    return apiFailure(404, "not_found", "Conversation not found");
  });
}

function renderAt(path: string) {
  render(renderMessagesApp(<MessagesRoute />, path));
  return userEvent.setup();
}

const messageBox = () => screen.getByRole("textbox", { name: "Message" });
const sendButton = () => screen.getByRole("button", { name: "Send" });
const bubbles = () =>
  within(screen.getByRole("list", { name: "Messages" })).getAllByTestId("message");

describe("/messages", { timeout: 30_000 }, () => {
  it("lists conversations with the unread badge, the online dot and 'Select a conversation'", async () => {
    fakeEventStream();
    api({
      list: [
        conversation(),
        conversation({
          id: OTHER_CONVERSATION_ID,
          other: { name: "Omar Lens", imageKey: null, creatorId: null, online: false },
          unreadCount: 0,
          lastMessage: null,
        }),
      ],
    });
    renderAt("/messages");
    const list = await screen.findByRole("list", { name: "Conversations" });
    const [maya, omar] = within(list).getAllByRole("listitem");
    expect(within(maya!).getByText("Maya Chen")).toBeTruthy();
    expect(within(maya!).getByText("See you Saturday!")).toBeTruthy();
    expect(within(maya!).getByText("2")).toBeTruthy();
    expect(within(maya!).getByText("unread messages", { exact: false })).toBeTruthy();
    expect(within(maya!).getByTitle("Online")).toBeTruthy();
    expect(within(omar!).queryByTitle("Online")).toBeNull();
    expect(within(omar!).getByText("No messages yet")).toBeTruthy();
    expect(screen.getByText("Select a conversation")).toBeTruthy();
  });

  it("shows own messages on the right, links as safe text links and never HTML, and 'Seen'", async () => {
    fakeEventStream();
    api({
      messages: [
        message({ seq: 1, body: "Hi! Portfolio at https://example.com/work." }),
        message({ seq: 2, senderRole: "client", senderName: "Cleo", body: "<b>bold</b> ok" }),
        message({ seq: 3, senderRole: "client", senderName: "Cleo", body: "Last one" }),
      ],
      otherLastReadSeq: 3,
    });
    renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("Last one");
    const [theirs, mine, last] = bubbles();
    expect(theirs!.dataset.own).toBe("false");
    expect(mine!.dataset.own).toBe("true");
    const link = within(theirs!).getByRole("link", { name: "https://example.com/work" });
    expect(link.getAttribute("href")).toBe("https://example.com/work");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(within(mine!).getByText("<b>bold</b> ok")).toBeTruthy();
    expect(mine!.querySelector("b")).toBeNull();
    expect(within(last!).getByText("Seen")).toBeTruthy();
    expect(screen.getAllByText("Seen")).toHaveLength(1);
    // The other party's profile is linked from the pane's header.
    const pane = screen.getByRole("region", { name: "Conversation with Maya Chen" });
    expect(within(pane).getByRole("link", { name: "Maya Chen" }).getAttribute("href")).toBe(
      "/p/7c9e6679-7425-40de-944b-e07fc1f90ae7",
    );
  });

  it("no 'Seen' while the other party has not read the last message", async () => {
    fakeEventStream();
    api({
      messages: [message({ seq: 4, senderRole: "client", body: "Are you free?" })],
      otherLastReadSeq: 3,
    });
    renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("Are you free?");
    expect(screen.queryByText("Seen")).toBeNull();
  });

  it("composer: blank input disabled, Enter sends, Shift+Enter a new line, a counter near the limit", async () => {
    fakeEventStream();
    const calls = api({
      extra: (call) =>
        call.method === "POST" && call.path === `/conversations/${CONVERSATION_ID}/messages`
          ? {
              message: message({
                id: (call.body as { id: string }).id,
                seq: 9,
                senderRole: "client",
                body: (call.body as { body: string }).body,
              }),
            }
          : undefined,
    });
    const user = renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("No messages yet. Say hello!");
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await user.type(messageBox(), "   ");
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard("{Enter}");
    await user.type(messageBox(), "first line{Shift>}{Enter}{/Shift}second line");
    expect((messageBox() as HTMLTextAreaElement).value).toBe("   first line\nsecond line");
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
    const sends = () => calls.filter((c) => c.method === "POST" && c.path.endsWith("/messages"));
    expect(sends()).toHaveLength(0);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect((sends()[0]!.body as { body: string }).body).toBe("   first line\nsecond line");
    expect((messageBox() as HTMLTextAreaElement).value).toBe("");
    // The counter shows from MESSAGES.counterFrom characters on.
    await user.click(messageBox());
    await user.paste("x".repeat(3499));
    expect(screen.queryByText("3,499 / 4,000")).toBeNull();
    await user.paste("x");
    expect(screen.getByText("3,500 / 4,000")).toBeTruthy();
  });

  it("sends optimistically; a failed send shows Retry, which sends the same id again", async () => {
    fakeEventStream();
    let attempts = 0;
    const calls = api({
      extra: (call) => {
        if (call.method !== "POST" || !call.path.endsWith("/messages")) return undefined;
        attempts += 1;
        if (attempts === 1) return apiFailure(500, "internal", "Something went wrong");
        const body = call.body as { id: string; body: string };
        return { message: message({ id: body.id, seq: 5, senderRole: "client", body: body.body }) };
      },
    });
    const user = renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("No messages yet. Say hello!");
    await user.type(messageBox(), "Can we start at 4?{Enter}");
    const bubble = await screen.findByText("Can we start at 4?");
    expect(bubble.closest("li")?.dataset.own).toBe("true");
    expect(await screen.findByText("Not sent")).toBeTruthy();
    expect(await screen.findByText("Message not sent")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByText("Not sent")).toBeNull());
    expect(screen.getByLabelText("Sent")).toBeTruthy();
    const sends = calls.filter((c) => c.method === "POST" && c.path.endsWith("/messages"));
    expect(sends).toHaveLength(2);
    const [first, second] = sends.map((c) => (c.body as { id: string }).id);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(bubbles()).toHaveLength(1);
  });

  it("sends written one after another go to the server one after another, in that order", async () => {
    fakeEventStream();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let seq = 10;
    const calls = api({
      extra: (call) => {
        if (call.method !== "POST" || !call.path.endsWith("/messages")) return undefined;
        const body = call.body as { id: string; body: string };
        return (body.body === "First" ? held : Promise.resolve()).then(() => {
          seq += 1;
          return { message: message({ id: body.id, seq, senderRole: "client", body: body.body }) };
        });
      },
    });
    const sends = () => calls.filter((c) => c.method === "POST" && c.path.endsWith("/messages"));
    const user = renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("No messages yet. Say hello!");
    await user.type(messageBox(), "First{Enter}");
    await user.type(messageBox(), "Second{Enter}");
    await screen.findByText("Second");
    await waitFor(() => expect(sends()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sends()).toHaveLength(1);
    release();
    await waitFor(() => expect(sends()).toHaveLength(2));
    expect(sends().map((c) => (c.body as { body: string }).body)).toEqual(["First", "Second"]);
    await waitFor(() => expect(screen.getAllByLabelText("Sent")).toHaveLength(2));
    expect(bubbles()[0]?.textContent).toContain("First");
    expect(bubbles()[1]?.textContent).toContain("Second");
  });

  it("a rate-limited send shows the spec-style toast", async () => {
    fakeEventStream();
    api({
      extra: (call) =>
        call.method === "POST" && call.path.endsWith("/messages")
          ? apiFailure(429, "rate_limited", "Too many")
          : undefined,
    });
    const user = renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("No messages yet. Say hello!");
    await user.type(messageBox(), "hello{Enter}");
    expect(await screen.findByText("Slow down")).toBeTruthy();
    expect(
      screen.getByText("You are sending messages too quickly. Please wait a moment."),
    ).toBeTruthy();
  });

  it("a live message joins once, in order, and moves the read pointer", async () => {
    const stream = fakeEventStream();
    const calls = api({ messages: [message({ seq: 1, body: "one" })] });
    renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("one");
    await waitFor(() => expect(stream.listening(REALTIME_TOPICS.messages)).toBe(true));
    const three = message({ seq: 3, body: "three" });
    const two = message({ seq: 2, body: "two" });
    act(() => stream.emit(REALTIME_TOPICS.messages, three));
    act(() => stream.emit(REALTIME_TOPICS.messages, two));
    await screen.findByText("three");
    expect(bubbles().map((b) => b.textContent?.match(/one|two|three/)?.[0])).toEqual([
      "one",
      "two",
      "three",
    ]);
    await waitFor(() =>
      expect(
        calls.some((c) => c.path.endsWith("/read") && (c.body as { seq: number }).seq === 3),
      ).toBe(true),
    );
  });

  it("typing shows for a while under the other party's name", async () => {
    const stream = fakeEventStream();
    api({});
    renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("No messages yet. Say hello!");
    await waitFor(() => expect(stream.listening("typing")).toBe(true));
    act(() => stream.emit("typing", { conversationId: CONVERSATION_ID, role: "creator" }));
    expect(screen.getAllByText("typing…").length).toBeGreaterThan(0);
  });

  it("blocked: the composer is replaced by the notice", async () => {
    fakeEventStream();
    api({ list: [conversation({ blockedByOther: true })] });
    renderAt(`/messages?c=${CONVERSATION_ID}`);
    expect(await screen.findByText("Messages in this conversation are blocked.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();
  });

  it("the phone's back control returns to the list", async () => {
    fakeEventStream();
    api({});
    const user = renderAt(`/messages?c=${CONVERSATION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Back to conversations" }));
    expect(screen.getByTestId("location").textContent).toBe("/messages");
    expect(screen.getByText("Select a conversation")).toBeTruthy();
  });

  it("?with=<creator>&booking=<id> opens the conversation and becomes ?c=", async () => {
    fakeEventStream();
    const bookingId = "3f2b8a1c-5d6e-4f70-8a9b-0c1d2e3f4a5b";
    const calls = api({
      extra: (call) =>
        call.method === "POST" && call.path === "/conversations"
          ? { conversation: conversation() }
          : undefined,
    });
    renderAt(`/messages?with=7c9e6679-7425-40de-944b-e07fc1f90ae7&booking=${bookingId}`);
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(`/messages?c=${CONVERSATION_ID}`),
    );
    const open = calls.find((c) => c.method === "POST" && c.path === "/conversations");
    expect(open?.body).toEqual({ creatorId: "7c9e6679-7425-40de-944b-e07fc1f90ae7", bookingId });
  });

  it("?booking=<id> alone (a creator's 'Message') opens or starts the booking's conversation", async () => {
    fakeEventStream();
    const bookingId = "3f2b8a1c-5d6e-4f70-8a9b-0c1d2e3f4a5b";
    const calls = api({
      extra: (call) =>
        call.method === "POST" && call.path === `/bookings/${bookingId}/conversation`
          ? { conversation: conversation() }
          : undefined,
    });
    renderAt(`/messages?booking=${bookingId}`);
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(`/messages?c=${CONVERSATION_ID}`),
    );
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      `/bookings/${bookingId}/conversation`,
    ]);
  });

  it("the menu reports the conversation with a reason, and blocks it", async () => {
    fakeEventStream();
    let blocked = false;
    const calls = api({
      extra: (call) => {
        if (call.method === "POST" && call.path.endsWith("/report")) return { id: CONVERSATION_ID };
        if (call.method === "POST" && call.path.endsWith("/block")) {
          blocked = true;
          return { conversation: conversation({ blockedByMe: true }) };
        }
        if (blocked && call.method === "GET" && call.path === "/conversations") {
          return conversations([conversation({ blockedByMe: true })]);
        }
        return undefined;
      },
    });
    const user = renderAt(`/messages?c=${CONVERSATION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Conversation options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Report conversation" }));
    const dialog = await screen.findByRole("dialog", { name: "Report conversation" });
    const submit = within(dialog).getByRole("button", { name: "Send report" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText("Reason"), "Asked me to pay outside the app");
    await user.click(submit);
    expect(await screen.findByText("Report sent")).toBeTruthy();
    expect(screen.getByText("Our team will review this conversation.")).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith("/report"))?.body).toEqual({
      reason: "Asked me to pay outside the app",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Conversation options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Block" }));
    expect(await screen.findByText("Messages in this conversation are blocked.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unblock" })).toBeTruthy();
  });

  it("scrolling to the top loads the 50 before the oldest shown, above them", async () => {
    fakeEventStream();
    const newest = [message({ seq: 51, body: "fifty-one" }), message({ seq: 52, body: "last" })];
    const older = [message({ seq: 49, body: "forty-nine" }), message({ seq: 50, body: "fifty" })];
    fakeApi((call) => {
      if (call.path === "/auth/get-session") return signedInSession;
      if (call.path === "/conversations") return conversations([conversation()]);
      if (call.path.endsWith("/messages")) {
        const before = new URLSearchParams(call.search).get("before");
        return before === newest[0]!.id ? page(older) : page(newest, { hasOlder: true });
      }
      if (call.path.endsWith("/read")) return { lastReadSeq: 52, unreadTotal: 0 };
      return apiFailure(404, "not_found", "Not found");
    });
    renderAt(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText("last");
    const scroller = screen.getByTestId("message-scroller");
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    await screen.findByText("forty-nine");
    expect(bubbles().map((b) => b.querySelector("p")?.textContent)).toEqual([
      "forty-nine",
      "fifty",
      "fifty-one",
      "last",
    ]);
    expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull();
  });
});
