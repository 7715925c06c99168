import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATIONS } from "../../../contracts/constants.ts";
import {
  MARK_ALL_READ,
  NO_NOTIFICATIONS,
  type Notification,
} from "../../../contracts/notifications.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { fakeApi } from "../../test/fake-api.ts";
import {
  FakeEventSource,
  notification,
  renderNotificationsApp,
} from "../../test/notification-fixtures.tsx";
import NotificationBell from "./notification-bell.tsx";

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

function serve(state: { list: Notification[]; unread: number }) {
  return fakeApi((call) => {
    if (call.method === "GET" && call.path === "/notifications") {
      return { notifications: state.list, hasMore: false, unreadCount: state.unread };
    }
    if (call.path === "/notifications/read-all") return { unreadCount: 0 };
    if (call.path.endsWith("/read")) return { unreadCount: Math.max(0, state.unread - 1) };
    throw new Error(`Unexpected ${call.method} ${call.path}`);
  });
}

async function openBell() {
  fireEvent.click(await screen.findByRole("button", { name: /^Notifications/ }));
  return screen.findByRole("dialog", { name: "Notifications" });
}

describe("the notification bell", () => {
  it("shows the unread count and the latest notifications with grouped counts", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const grouped = notification({
      kind: "message",
      title: "New message from Maya Chen",
      count: 3,
    });
    const read = notification({ read: true, title: "Payment captured" });
    const calls = serve({ list: [grouped, read], unread: 2 });
    const { wrapper } = renderNotificationsApp(<NotificationBell />);
    render(wrapper);

    expect(await screen.findByRole("button", { name: "Notifications (2 unread)" })).toBeTruthy();
    expect(screen.getByTestId("notification-count").textContent).toBe("2");
    expect(calls[0]?.path).toBe("/notifications");
    const dialog = await openBell();
    expect(within(dialog).getByText("New message from Maya Chen")).toBeTruthy();
    expect(within(dialog).getByText("3 new messages")).toBeTruthy();
    expect(within(dialog).getByText("Payment captured")).toBeTruthy();
    // Only the unread one says so.
    expect(within(dialog).getAllByText("Unread:")).toHaveLength(1);
    expect(within(dialog).getByRole("link", { name: "View all" }).getAttribute("href")).toBe(
      "/notifications",
    );
  });

  it("asks for the dropdown's size", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const requests: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        requests.push(String(input));
        return Response.json({ notifications: [], hasMore: false, unreadCount: 0 });
      }),
    );
    const { wrapper } = renderNotificationsApp(<NotificationBell />);
    render(wrapper);
    const dialog = await openBell();
    expect(await within(dialog).findByText(NO_NOTIFICATIONS)).toBeTruthy();
    expect(requests[0]).toBe(`/api/notifications?limit=${NOTIFICATIONS.dropdownSize}`);
    expect(screen.queryByTestId("notification-count")).toBeNull();
    expect(within(dialog).queryByRole("button", { name: MARK_ALL_READ })).toBeNull();
  });

  it("opening one marks it read and goes to its link", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const accepted = notification({ title: "Booking accepted", link: "/bookings/abc" });
    const calls = serve({ list: [accepted], unread: 1 });
    const { wrapper } = renderNotificationsApp(<NotificationBell />);
    render(wrapper);
    const dialog = await openBell();
    fireEvent.click(within(dialog).getByRole("link", { name: /Booking accepted/ }));
    expect(await screen.findByText("At /bookings/abc")).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === "POST" && c.path === `/notifications/${accepted.id}/read`),
      ).toBe(true),
    );
  });

  it("'Mark all as read' clears the count", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const calls = serve({ list: [notification(), notification()], unread: 2 });
    const { wrapper } = renderNotificationsApp(<NotificationBell />);
    render(wrapper);
    const dialog = await openBell();
    fireEvent.click(within(dialog).getByRole("button", { name: MARK_ALL_READ }));
    await waitFor(() => expect(screen.queryByTestId("notification-count")).toBeNull());
    expect(within(dialog).queryByText("Unread:")).toBeNull();
    expect(calls.some((c) => c.method === "POST" && c.path === "/notifications/read-all")).toBe(
      true,
    );
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it("follows the notification topic live: a new one and the count appear", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const state = { list: [notification({ read: true, title: "Older one" })], unread: 0 };
    const calls = serve(state);
    const { wrapper } = renderNotificationsApp(<NotificationBell />);
    render(wrapper);
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    const stream = FakeEventSource.last;
    act(() => stream?.emit("ready", 5, {}));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));

    const fresh = notification({
      title: "Booking accepted live",
      updatedAt: new Date().toISOString(),
    });
    act(() =>
      stream?.emit(REALTIME_TOPICS.notifications, 6, { notification: fresh, unreadCount: 1 }),
    );
    expect(await screen.findByRole("button", { name: "Notifications (1 unread)" })).toBeTruthy();
    const dialog = await openBell();
    const items = within(dialog)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(items[0]).toContain("Booking accepted live");
    expect(items[1]).toContain("Older one");

    // A grouped message notification moves up with its new count.
    act(() =>
      stream?.emit(REALTIME_TOPICS.notifications, 7, {
        notification: {
          ...state.list[0],
          kind: "message",
          count: 2,
          read: false,
          updatedAt: new Date(Date.now() + 1000).toISOString(),
        },
        unreadCount: 2,
      }),
    );
    expect(await within(dialog).findByText("2 new messages")).toBeTruthy();
    expect(screen.getByTestId("notification-count").textContent).toBe("2");
  });

  it("shows a browser notification for a new one while the tab is hidden and allowed", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const shown: { title: string; options: NotificationOptions }[] = [];
    vi.stubGlobal(
      "Notification",
      Object.assign(
        vi.fn(function browserNotification(title: string, options: NotificationOptions) {
          shown.push({ title, options });
        }),
        { permission: "granted" },
      ),
    );
    serve({ list: [], unread: 0 });
    const { wrapper } = renderNotificationsApp(<NotificationBell />);
    render(wrapper);
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    const stream = FakeEventSource.last;
    const visible = notification({ title: "While looking" });
    act(() =>
      stream?.emit(REALTIME_TOPICS.notifications, 50, { notification: visible, unreadCount: 1 }),
    );
    expect(shown).toHaveLength(0);

    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    const away = notification({ title: "While away", body: "Maya accepted" });
    act(() =>
      stream?.emit(REALTIME_TOPICS.notifications, 51, { notification: away, unreadCount: 2 }),
    );
    expect(shown).toEqual([
      { title: "While away", options: { body: "Maya accepted", tag: away.id } },
    ]);
    vi.restoreAllMocks();
  });

  it("on a phone it is a link to the notifications page with the count", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    serve({ list: [notification()], unread: 1 });
    const { wrapper } = renderNotificationsApp(<NotificationBell asLink />);
    render(wrapper);
    const link = await screen.findByRole("link", { name: "Notifications (1 unread)" });
    expect(link.getAttribute("href")).toBe("/notifications");
  });
});
