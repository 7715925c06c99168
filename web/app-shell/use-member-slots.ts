import { useLocation } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { useSession } from "../lib/auth-client.ts";

/**
 * Whether the header shows a signed-in person's own messages link and bell: not to visitors,
 * and not on the staff screens, which have the staff notification bell instead.
 */
export function useMemberSlots(): boolean {
  const { data: session } = useSession();
  const { pathname } = useLocation();
  return Boolean(session) && !pathname.startsWith(PAGE_ROUTES.admin);
}
