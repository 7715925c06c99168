import { useQuery } from "@tanstack/react-query";
import { type AdminMe, ZAdminMe } from "../../../contracts/accounts.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { useSession } from "../../lib/auth-client.ts";

export type AdminStatus =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "not-admin" }
  | { status: "error"; retry: () => void }
  | { status: "admin"; admin: AdminMe };

export const adminStatusKey = (userId: string | undefined) => ["admin", "me", userId] as const;

/**
 * Whether the signed-in user is staff. The server decides (an active admin_users row) and
 * records the login; the answer is cached per user, so signing out or in as someone else
 * never shows the previous user's state.
 */
export function useAdminStatus(): AdminStatus {
  const { data: session, isPending, isRefetching } = useSession();
  const userId = session?.user.id;
  const query = useQuery({
    queryKey: adminStatusKey(userId),
    queryFn: ({ signal }) => apiRequest("GET", "/admin/me", ZAdminMe, { signal }),
    enabled: !!userId,
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
  if (isPending) return { status: "loading" };
  // Signed out as far as the cache knows, but a fresh read is on its way (e.g. just signed in).
  if (!session && isRefetching) return { status: "loading" };
  if (!session) return { status: "signed-out" };
  if (query.isPending) return { status: "loading" };
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 403)
      return { status: "not-admin" };
    if (query.error instanceof ApiError && query.error.status === 401)
      return { status: "signed-out" };
    return { status: "error", retry: () => void query.refetch() };
  }
  return { status: "admin", admin: query.data };
}
