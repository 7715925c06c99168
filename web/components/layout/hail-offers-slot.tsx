import { lazy, Suspense } from "react";
import { useSession } from "../../lib/auth-client.ts";

// Incoming hails reach a creator on whatever page their tab shows; the code loads only for a
// signed-in visitor, after the page.
const CreatorHailOffers = lazy(() => import("../../features/hail/creator-hail-offers.tsx"));

export function HailOffersSlot() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <CreatorHailOffers />
    </Suspense>
  );
}
