import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { toastApiError } from "./api-errors.ts";

/** What a query or mutation may say about itself to the app-wide handlers below. */
type ErrorMeta = {
  /** The spec's toast title when the call fails (see toastApiError). */
  errorTitle?: string;
};

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/**
 * The app's one TanStack Query cache (shared with the session hook in auth-client.ts).
 * Failure toasts live on the caches, not in components: a cache handler runs even when the
 * screen that started the call has unmounted (TanStack Query drops the callbacks given to
 * `mutate()` then), so feedback that must be seen is never lost.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.errorTitle) toastApiError(error, query.meta.errorTitle);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.errorTitle) toastApiError(error, mutation.meta.errorTitle);
    },
  }),
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
