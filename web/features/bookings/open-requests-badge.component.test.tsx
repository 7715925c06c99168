import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openRequestsApiPath, ZOpenRequestCount } from "../../../contracts/bookings.ts";
import { EVENTS_PATH, REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { fakeApi } from "../../test/fake-api.ts";
import OpenRequestsBadge, { OPEN_REQUESTS_URL } from "./open-requests-badge.tsx";

afterEach(() => {
  // Sonner replays still-active toasts to the next test's Toaster.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

/** A stand-in for the browser's EventSource: the test delivers events by hand. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  static readonly CLOSED = 2;
  readyState = 1;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, id: number, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(id) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

describe("the open-requests badge", () => {
  it("reads the contract's path and shape without the API client", () => {
    expect(OPEN_REQUESTS_URL).toBe(`/api${openRequestsApiPath}`);
    expect(ZOpenRequestCount.safeParse({ openRequests: 2 }).success).toBe(true);
  });

  it("shows the count, nothing at zero, and follows booking changes live", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    let count = 2;
    const calls = fakeApi(() => ({ openRequests: count }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OpenRequestsBadge />
      </QueryClientProvider>,
    );
    expect((await screen.findByText("2")).textContent).toBe("2 open requests");
    expect(calls[0]?.path).toBe(openRequestsApiPath);

    const stream = FakeEventSource.last;
    expect(stream?.url).toBe(EVENTS_PATH);
    // A fresh stream may have missed events: the badge reloads once.
    stream?.emit("ready", 10, {});
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.getByText("2")).toBeTruthy();
    count = 0;
    stream?.emit(REALTIME_TOPICS.bookings, 11, { id: crypto.randomUUID(), status: "pending" });
    await waitFor(() => expect(screen.queryByText(/open request/)).toBeNull());
    expect(calls).toHaveLength(3);
  });
});
