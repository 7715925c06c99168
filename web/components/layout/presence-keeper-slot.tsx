import { lazy, Suspense } from "react";
import { useSession } from "../../lib/auth-client.ts";

// An online creator stays online on every screen of the tab, not only on /availability; the
// code loads only for a signed-in visitor, after the page.
const PresenceKeeper = lazy(() => import("../../features/availability/presence-keeper.tsx"));

export function PresenceKeeperSlot() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <PresenceKeeper />
    </Suspense>
  );
}
