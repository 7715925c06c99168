import { lazy, Suspense } from "react";
import { useSession } from "../lib/auth-client.ts";

// The badge's code (and its query) loads only for a signed-in visitor, after the page.
const OpenRequestsBadge = lazy(() => import("../features/bookings/open-requests-badge.tsx"));

/** The live count of open booking requests beside a Bookings link (signed-in creators). */
export function OpenRequestsSlot({ className }: { className?: string }) {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <OpenRequestsBadge className={className} />
    </Suspense>
  );
}
