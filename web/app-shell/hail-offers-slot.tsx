import { lazy, Suspense } from "react";
import { useAccountRoles } from "../features/accounts/api.ts";

// Incoming hails reach a creator on whatever page their tab shows; the code loads only for a
// signed-in visitor, after the page.
const CreatorHailOffers = lazy(() => import("../features/hail/creator-hail-offers.tsx"));

export function HailOffersSlot() {
  // Creators only: anyone else would be refused.
  const { creator } = useAccountRoles();
  if (!creator) return null;
  return (
    <Suspense fallback={null}>
      <CreatorHailOffers />
    </Suspense>
  );
}
