import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { showError } from "../../lib/api-errors.ts";
import { AUTH_BROADCAST_KEY, useSession } from "../../lib/auth-client.ts";
import { PUBLIC_QUERY_SCOPE, SESSION_QUERY_KEY } from "../../lib/session-query.ts";

// Better Auth sends the person back here with ?error=... when a confirmation link fails.
const LINK_ERRORS = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED", "invalid_token", "token_expired"]);

/** Tells the other tabs the session changed (they re-read it; see useSessionEffects). */
export function announceSessionChange(trigger: "signin" | "signout") {
  try {
    localStorage.setItem(
      AUTH_BROADCAST_KEY,
      JSON.stringify({ event: "session", data: { trigger }, timestamp: Date.now() }),
    );
  } catch {
    // Storage may be unavailable (private mode); other tabs then catch up on focus.
  }
}

/** Cached answers that belong to a user: everything but the session itself and public lists. */
export const keepsNoUserData = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] !== PUBLIC_QUERY_SCOPE &&
  JSON.stringify(query.queryKey) !== JSON.stringify(SESSION_QUERY_KEY);

/**
 * App-wide session effects: when the signed-in user changes (sign-out here or in another
 * tab, a different sign-in), every cached answer of the previous user (admin state
 * included) is dropped. Also reports a failed email-confirmation link.
 */
export function useSessionEffects() {
  const queryClient = useQueryClient();
  const { data: session, isPending } = useSession();
  const userId = session?.user.id ?? null;
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (isPending) return;
    if (previous.current !== undefined && previous.current !== userId) {
      // A screen that mounted with the new session may already watch its query: removing a
      // watched query leaves the screen on a query nobody fills (stuck loading), so watched
      // ones are reset, which refetches them as the new user, and only unwatched ones go.
      queryClient.removeQueries({ predicate: keepsNoUserData, type: "inactive" });
      void queryClient.resetQueries({ predicate: keepsNoUserData, type: "active" });
    }
    previous.current = userId;
  }, [isPending, userId, queryClient]);

  // Another tab signed in or out: Better Auth's client there posted to localStorage.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_BROADCAST_KEY) {
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [queryClient]);

  useEffect(() => {
    const url = new URL(window.location.href);
    const error = url.searchParams.get("error");
    if (!error || !LINK_ERRORS.has(error) || url.pathname !== "/") return;
    showError(
      "Authentication failed",
      "This confirmation link is invalid or has expired. Sign in to ask for a new one.",
    );
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
  }, []);
}
