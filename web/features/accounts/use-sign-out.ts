import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { authClient } from "../../lib/auth-client.ts";

/** Signs out on the server and forgets the user, the session and any admin state. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async function signOut(): Promise<boolean> {
    const { error } = await authClient.signOut();
    if (error) {
      toast.error("Sign out failed", { description: error.message || "Please try again" });
      return false;
    }
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "auth-providers" });
    return true;
  };
}
