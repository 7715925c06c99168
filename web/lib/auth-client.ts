import { useQuery } from "@tanstack/react-query";
import type { betterAuthClient } from "./better-auth-client.ts";
import { queryClient } from "./query-client.ts";
import { SESSION_QUERY_KEY } from "./session-query.ts";

type AuthClient = typeof betterAuthClient;

const SESSION_REFETCH_MS = 10 * 60_000;

/** The localStorage key Better Auth's client posts session changes to, for other tabs. */
export const AUTH_BROADCAST_KEY = "better-auth.message";
export type Session = AuthClient["$Infer"]["Session"];

const loadClient = () => import("./better-auth-client.ts").then((m) => m.betterAuthClient);

/**
 * Better Auth's client, loaded on first use so it stays out of the first page load. Every
 * action (`authClient.signIn.email(...)`, `authClient.signOut()`…) is async already, so a
 * path-recording proxy can import the real client and call the same path on it.
 * Only call methods through it; hooks and stores are not available (use `useSession`).
 */
export const authClient = lazyPathProxy([]) as unknown as AuthClient;

function lazyPathProxy(path: string[]): unknown {
  return new Proxy(() => undefined, {
    get(_, prop) {
      if (typeof prop !== "string" || prop === "then") return undefined;
      return lazyPathProxy([...path, prop]);
    },
    async apply(_, __, args) {
      let target: unknown = await loadClient();
      let owner: unknown;
      for (const key of path) {
        owner = target;
        target = (target as Record<string, unknown>)[key];
      }
      // Reflect.apply: the target may itself be Better Auth's path proxy, where `.apply` is a path.
      return Reflect.apply(target as (...a: unknown[]) => unknown, owner, args);
    },
  });
}

/** Dates arrive as ISO strings over JSON; Better Auth's types promise Date objects. */
function reviveDates<T extends Record<string, unknown>>(record: T): T {
  const out: Record<string, unknown> = { ...record };
  for (const key of ["createdAt", "updatedAt", "expiresAt"]) {
    if (typeof out[key] === "string") out[key] = new Date(out[key] as string);
  }
  return out as T;
}

async function fetchSession(): Promise<Session | null> {
  // Better Auth's own endpoint (not a contract route), read with a plain fetch to stay small.
  const response = await fetch("/api/auth/get-session", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Could not load the session (${response.status})`);
  const body = (await response.json()) as Session | null;
  if (!body?.user || !body.session) return null;
  return { user: reviveDates(body.user), session: reviveDates(body.session) } as Session;
}

/**
 * The signed-in user and session (null when signed out): the app's one session source.
 * Same shape as Better Auth's `useSession`; it refreshes itself after sign-in and sign-out.
 */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    // A long-open tab re-reads its session; the server extends it once a day of use.
    refetchInterval: SESSION_REFETCH_MS,
  });
  return {
    data: query.data ?? null,
    isPending: query.isPending,
    isRefetching: query.isRefetching,
    error: query.error,
    refetch: query.refetch,
  };
}

/** Re-reads the session now (after a sign-in or sign-out) and resolves once it is current. */
export function refreshSession(): Promise<Session | null> {
  return queryClient.fetchQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: 0,
  });
}
