import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Toaster } from "sonner";
import { vi } from "vitest";
import type { Hail, HailOffer, HailQuote } from "../../contracts/hail.ts";
import { toastApiError } from "../lib/api-errors.ts";

// Shared by the hail component tests: answers in the contract's shapes, and a stand-in for
// the app's event stream that a test can push events into.

export const HAIL_ID = "5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
export const OTHER_HAIL_ID = "6b2d3c4e-5f60-4b7c-9d8e-0f1a2b3c4d5e";
export const BOOKING_ID = "3f2b8a1c-5d6e-4f70-8a9b-0c1d2e3f4a5b";
export const CREATOR_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
export const APPROVE_HREF = "https://sandbox.example/checkout/ORDER-H1";

export const secondsFromNow = (seconds: number) =>
  new Date(Date.now() + seconds * 1000).toISOString();

export const quote = (overrides: Partial<HailQuote> = {}): HailQuote => ({
  creatorsAvailable: 3,
  minTotalCents: 31_500,
  maxTotalCents: 63_000,
  minDepositCents: 9_450,
  maxDepositCents: 18_900,
  currency: "USD",
  radiusMiles: 10,
  place: null,
  ...overrides,
});

export const hail = (overrides: Partial<Hail> = {}): Hail => ({
  id: HAIL_ID,
  status: "live",
  service: "Photography",
  hours: 2,
  location: "350 5th Ave, New York, NY 10118",
  startAt: null,
  radiusMiles: 10,
  minTotalCents: 31_500,
  maxTotalCents: 63_000,
  currency: "USD",
  reachedCount: 4,
  liveUntil: secondsFromNow(90),
  payBy: secondsFromNow(600),
  winner: null,
  bookingId: null,
  createdAt: secondsFromNow(-5),
  ...overrides,
});

export const offer = (overrides: Partial<HailOffer> = {}): HailOffer => ({
  hailId: HAIL_ID,
  status: "offered",
  service: "Photography",
  hours: 2,
  area: "Midtown, New York",
  location: null,
  startAt: null,
  distanceMiles: 2.4,
  earningsCents: 30_000,
  netEarningsCents: 25_500,
  commissionPercent: 15,
  currency: "USD",
  liveUntil: secondsFromNow(90),
  bookingId: null,
  notes: null,
  ...overrides,
});

export { signedInSession } from "./booking-fixtures.tsx";

let nextEventId = 1;

/** The app's EventSource replaced: `emit` sends a topic's event on the open stream. */
export function fakeEventStream() {
  const streams: FakeEventSource[] = [];
  class FakeEventSource {
    static CLOSED = 2;
    readyState = 1;
    listeners = new Map<string, Set<(event: MessageEvent) => void>>();
    constructor(readonly url: string) {
      streams.push(this);
    }
    addEventListener(type: string, listener: (event: MessageEvent) => void) {
      let set = this.listeners.get(type);
      if (!set) {
        set = new Set();
        this.listeners.set(type, set);
      }
      set.add(listener);
    }
    close() {
      this.readyState = 2;
    }
    dispatch(type: string, data: unknown) {
      const event = new MessageEvent(type, {
        data: JSON.stringify(data),
        lastEventId: String(nextEventId++),
      });
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  }
  vi.stubGlobal("EventSource", FakeEventSource);
  const open = () => streams.filter((s) => s.readyState !== 2);
  return {
    streams,
    /** Whether a stream is open and listening to `topic`. */
    listening: (topic: string) => open().some((s) => s.listeners.has(topic)),
    emit(topic: string, payload: unknown) {
      for (const stream of open()) stream.dispatch(topic, payload);
    },
  };
}

/** Where the router is, for tests that follow navigation. */
function PathProbe() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

/** The component under test inside a fresh query cache and a router with the hail pages. */
export function renderWithApp(ui: ReactNode, path = "/") {
  const client = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        if (mutation.meta?.errorTitle) toastApiError(error, mutation.meta.errorTitle);
      },
    }),
    defaultOptions: { queries: { retry: false } },
  });
  return {
    client,
    wrapper: (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={ui} />
            <Route path="/hail/:id" element={ui} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <PathProbe />
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    ),
  };
}
