import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Toaster, toast } from "sonner";
import { vi } from "vitest";
import { useAuthDialogMode } from "../features/accounts/auth-dialog-store.ts";
import { toastApiError } from "../lib/api-errors.ts";
import { SESSION_QUERY_KEY } from "../lib/session-query.ts";
import { signedInSession } from "./booking-fixtures.tsx";

// Shared by the screen-level component tests: a screen at its route, in a cache that reports
// failures as the app's does (web/lib/query-client.ts), any other address shown as text.

/** Where the screen sent the user: every path it does not own renders this. */
function LocationProbe() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

/** Says whether the sign-in dialog is open, and in which mode. */
export function AuthDialogProbe() {
  return <p>Auth dialog: {useAuthDialogMode() ?? "closed"}</p>;
}

/** The screen's address as the test wants it: the route's pattern and the path it opens at. */
export type ScreenAt = { route: string; path?: string };

/** A client like the app's: a query's or mutation's `meta.errorTitle` becomes its toast. */
export function appQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorTitle) toastApiError(error, query.meta.errorTitle);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        if (mutation.meta?.errorTitle) toastApiError(error, mutation.meta.errorTitle);
      },
    }),
    defaultOptions: { queries: { retry: false } },
  });
}

/**
 * The screen at `at.route`, opened at `at.path` (the route itself when not given). With
 * `session`, the cache already knows who is signed in (the session request is not sent).
 */
export function screenAt(ui: ReactNode, at: ScreenAt, { session = false } = {}) {
  const client = appQueryClient();
  if (session) client.setQueryData(SESSION_QUERY_KEY, signedInSession as never);
  const wrapper = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at.path ?? at.route]}>
        <Routes>
          <Route path={at.route} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { client, wrapper };
}

/** An EventSource that never delivers: screens subscribe to live updates on mount. */
export class SilentEventSource {
  static readonly CLOSED = 2;
  readyState = 1;
  addEventListener() {}
  close() {}
}

/** After each screen test: no toast carried over (Sonner replays them), no fetch left faked. */
export function resetScreen() {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
}

// Better Auth's client (loaded on first use) keeps the fetch it found then: a later test's
// fake would never be called. Its fetch is this forwarder, which calls the current fake.
let currentFetch: typeof fetch | undefined;
const forwardFetch: typeof fetch = (input, init) => {
  if (!currentFetch) throw new Error("No fake fetch for this test: call fakeApi first");
  return currentFetch(input, init);
};

/** After fakeApi: lets Better Auth's client (sign-in, sign-up, sign-out) reach this test's fake. */
export function reachAuthClient() {
  currentFetch = globalThis.fetch;
  vi.stubGlobal("fetch", forwardFetch);
}
