import { QueryClient } from "@tanstack/react-query";

/** The app's one TanStack Query cache (shared with the session hook in auth-client.ts). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
