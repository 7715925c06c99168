import type { AdminMe } from "../../../contracts/accounts.ts";
import { isApiError } from "../../lib/api-errors.ts";
import { useSession } from "../../lib/auth-client.ts";
import { useAdminMeQuery } from "./api.ts";

export type AdminStatus =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "not-admin" }
  /** Staff who must set up two-factor sign-in, or sign in again with their code. */
  | { status: "enrolment-required" }
  | { status: "two-factor-required" }
  | { status: "error"; retry: () => void }
  | { status: "admin"; admin: AdminMe };

/**
 * Whether the signed-in user is staff. The server decides (an active admin_users row, two-factor
 * sign-in passed, a session under 12 hours) and records the login; the answer is cached per user, so signing out or in as someone else
 * never shows the previous user's state.
 */
export function useAdminStatus(): AdminStatus {
  const { data: session, isPending, isRefetching } = useSession();
  const userId = session?.user.id;
  const query = useAdminMeQuery(userId);
  if (isPending) return { status: "loading" };
  // Signed out as far as the cache knows, but a fresh read is on its way (e.g. just signed in).
  if (!session && isRefetching) return { status: "loading" };
  if (!session) return { status: "signed-out" };
  if (query.isPending) return { status: "loading" };
  if (query.error) {
    if (isApiError(query.error, "forbidden")) return { status: "not-admin" };
    if (isApiError(query.error, "enrolment_required")) return { status: "enrolment-required" };
    if (isApiError(query.error, "two_factor_required")) return { status: "two-factor-required" };
    if (isApiError(query.error, "unauthenticated")) return { status: "signed-out" };
    return { status: "error", retry: () => void query.refetch() };
  }
  return { status: "admin", admin: query.data };
}
