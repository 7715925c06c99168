import { lazy, Suspense } from "react";
import { useAccountRoles } from "../features/accounts/api.ts";

// An online creator stays online on every screen of the tab, not only on /availability; the
// code loads only for a signed-in visitor, after the page.
const PresenceKeeper = lazy(() => import("../features/availability/presence-keeper.tsx"));

export function PresenceKeeperSlot() {
  // Creators only: anyone else would be refused.
  const { creator } = useAccountRoles();
  if (!creator) return null;
  return (
    <Suspense fallback={null}>
      <PresenceKeeper />
    </Suspense>
  );
}
