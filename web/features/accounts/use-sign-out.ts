import { useQueryClient } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client.ts";
import { toastAuthError } from "../../lib/auth-errors.ts";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import { announceSessionChange, keepsNoUserData } from "./session-effects.ts";

/** Signs out on the server and forgets the user, the session and any admin state. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async function signOut(): Promise<boolean> {
    const { error } = await authClient.signOut();
    if (error) {
      toastAuthError(error, "Sign out failed");
      return false;
    }
    queryClient.removeQueries({ predicate: keepsNoUserData });
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    announceSessionChange("signout");
    return true;
  };
}
