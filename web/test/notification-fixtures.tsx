import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Toaster } from "sonner";
import type { Notification } from "../../contracts/notifications.ts";
import { toastApiError } from "../lib/api-errors.ts";

// Shared by the notification component tests: answers in the contracts' shapes.

let serial = 0;
export function notification(overrides: Partial<Notification> = {}): Notification {
  serial += 1;
  const at = new Date(Date.now() - serial * 60_000).toISOString();
  return {
    id: crypto.randomUUID(),
    kind: "booking_accepted",
    title: `Booking accepted ${serial}`,
    body: "Maya Chen accepted your Wedding session.",
    link: `/bookings/${crypto.randomUUID()}`,
    count: 1,
    read: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A stand-in for the browser's EventSource: the test delivers events by hand. */
export class FakeEventSource {
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

function LocationProbe() {
  const location = useLocation();
  return <p>At {location.pathname + location.search + location.hash}</p>;
}

/** The component under test at `path`, in a fresh cache; any other path shows where it went. */
export function renderNotificationsApp(ui: ReactNode, path = "/here") {
  const client = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        if (mutation.meta?.errorTitle) toastApiError(error, mutation.meta.errorTitle);
      },
    }),
    defaultOptions: { queries: { retry: false } },
  });
  const route = path.split("?")[0] ?? path;
  return {
    client,
    wrapper: (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    ),
  };
}
