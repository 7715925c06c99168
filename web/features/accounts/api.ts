import { useQuery } from "@tanstack/react-query";
import { ZAuthProvidersResponse } from "../../../contracts/accounts.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { PUBLIC_QUERY_SCOPE } from "../../lib/session-query.ts";

export const accountKeys = {
  /** Public: the same for every visitor, kept across sign-in and sign-out. */
  providers: [PUBLIC_QUERY_SCOPE, "auth-providers"] as const,
};

/** Which social sign-ins the server has credentials for. */
export function useAuthProviders() {
  return useQuery({
    queryKey: accountKeys.providers,
    queryFn: () => apiRequest("GET", "/accounts/providers", ZAuthProvidersResponse),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
