import { useQuery } from "@tanstack/react-query";
import {
  type AccountRoles,
  accountRolesApiPath,
  ZAccountRoles,
  ZAuthProvidersResponse,
} from "../../../contracts/accounts.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { useSession } from "../../lib/auth-client.ts";
import { PUBLIC_QUERY_SCOPE } from "../../lib/session-query.ts";

export const accountKeys = {
  /** Public: the same for every visitor, kept across sign-in and sign-out. */
  providers: [PUBLIC_QUERY_SCOPE, "auth-providers"] as const,
  roles: (userId: string) => ["account", "roles", userId] as const,
};

/** Which social sign-ins the server has credentials for. */
export function useAuthProviders() {
  return useQuery({
    queryKey: accountKeys.providers,
    queryFn: () => apiRequest("GET", "/accounts/providers", ZAuthProvidersResponse),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const NO_ROLES: AccountRoles = { creator: false, staff: false };

/**
 * What the signed-in account is (an approved creator, staff): screens ask for a creator's data
 * only of creators. Signed out, or until it is known: neither.
 */
export function useAccountRoles(): AccountRoles & { known: boolean } {
  const { data: session } = useSession();
  const userId = session?.user.id;
  const query = useQuery({
    queryKey: accountKeys.roles(userId ?? ""),
    queryFn: ({ signal }) => apiRequest("GET", accountRolesApiPath, ZAccountRoles, { signal }),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
  return { ...(query.data ?? NO_ROLES), known: !userId || query.data !== undefined };
}
