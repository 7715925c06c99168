import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATIONS } from "../../../contracts/constants.ts";
import { MARK_ALL_READ, type Notification } from "../../../contracts/notifications.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import NotificationsScreen from "../../routes/notifications.tsx";
import { signedInSession } from "../../test/booking-fixtures.tsx";
import { type ApiCall, fakeApi } from "../../test/fake-api.ts";
import {
  FakeEventSource,
  notification,
  renderNotificationsApp,
} from "../../test/notification-fixtures.tsx";

// Thirty rendered notifications are slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

const page1 = Array.from({ length: NOTIFICATIONS.pageSize }, (_, i) =>
  notification({ title: `First page ${i}`, read: i > 1 }),
);
const page2 = [notification({ title: "Oldest one", read: true })];

function serve(requests: URL[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      requests.push(url);
      if (url.pathname === "/api/auth/get-session") return Response.json(signedInSession);
      if (init.method === "POST" && url.pathname === "/api/notifications/read-all") {
        return Response.json({ unreadCount: 0 });
      }
      if (init.method === "POST") return Response.json({ unreadCount: 1 });
      const before = url.searchParams.get("before");
      const list: Notification[] = before === page1.at(-1)?.id ? page2 : page1;
      return Response.json({ notifications: list, hasMore: list === page1, unreadCount: 2 });
    }),
  );
}

describe("the notifications page", () => {
  it("lists notifications, loads older ones by 'before', marks them read", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const requests: URL[] = [];
    serve(requests);
    const { client, wrapper } = renderNotificationsApp(<NotificationsScreen />, "/notifications");
    client.setQueryData(SESSION_QUERY_KEY, signedInSession as never);
    render(wrapper);

    expect(screen.getByRole("heading", { name: "Notifications", level: 1 })).toBeTruthy();
    expect(await screen.findByText("First page 0")).toBeTruthy();
    expect(screen.getByText("2 unread")).toBeTruthy();
    const listCall = requests.find((u) => u.pathname === "/api/notifications");
    expect(listCall?.searchParams.get("limit")).toBe(String(NOTIFICATIONS.pageSize));
    expect(screen.queryByText("Oldest one")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Oldest one")).toBeTruthy();
    expect(requests.at(-1)?.searchParams.get("before")).toBe(page1.at(-1)?.id);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();

    fireEvent.click(screen.getByRole("link", { name: /First page 1M/ }));
    expect(await screen.findByText(`At ${page1[1]?.link}`)).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((u) => u.pathname === `/api/notifications/${page1[1]?.id}/read`)).toBe(
        true,
      ),
    );
  });

  it("'Mark all as read' and live events update the list", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const requests: URL[] = [];
    serve(requests);
    const { client, wrapper } = renderNotificationsApp(<NotificationsScreen />, "/notifications");
    client.setQueryData(SESSION_QUERY_KEY, signedInSession as never);
    render(wrapper);
    expect(await screen.findByText("2 unread")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: MARK_ALL_READ }));
    expect(await screen.findByText("All read")).toBeTruthy();
    expect(screen.queryByText("Unread:")).toBeNull();
    expect(requests.some((u) => u.pathname === "/api/notifications/read-all")).toBe(true);

    const fresh = notification({
      title: "Hold needs approval",
      kind: "hold_needs_approval",
      updatedAt: new Date().toISOString(),
    });
    act(() =>
      FakeEventSource.last?.emit(REALTIME_TOPICS.notifications, 40, {
        notification: fresh,
        unreadCount: 1,
      }),
    );
    expect(await screen.findByText("Hold needs approval")).toBeTruthy();
    expect(screen.getByText("1 unread")).toBeTruthy();
  });

  it("signed out: the sign-in prompt", async () => {
    const calls: ApiCall[] = fakeApi(() => null);
    const { wrapper } = renderNotificationsApp(<NotificationsScreen />, "/notifications");
    render(wrapper);
    expect(await screen.findByText("Sign in to see your notifications.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in to continue" })).toBeTruthy();
    expect(calls.every((c) => c.path === "/auth/get-session")).toBe(true);
  });
});
