import { useQuery } from "@tanstack/react-query";
import type { AccountRoles } from "../../../contracts/accounts.ts";
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
    queryFn: async () => {
      const [{ apiRequest }, { ZAuthProvidersResponse }] = await apiModules();
      return apiRequest("GET", "/accounts/providers", ZAuthProvidersResponse);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// The app shell asks for the roles on every page: the API client and its schemas (25 KB
// gzipped) load with the first query, after the page, not in the home page's first load.
const apiModules = () =>
  Promise.all([import("../../lib/api-client.ts"), import("../../../contracts/accounts.ts")]);

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
    queryFn: async ({ signal }) => {
      const [{ apiRequest }, { accountRolesApiPath, ZAccountRoles }] = await apiModules();
      return apiRequest("GET", accountRolesApiPath, ZAccountRoles, { signal });
    },
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
  return { ...(query.data ?? NO_ROLES), known: !userId || query.data !== undefined };
}
