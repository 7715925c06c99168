import { lazy, Suspense } from "react";
import { useMemberSlots } from "./use-member-slots.ts";

// Loaded only for a signed-in visitor, after the page (the home page's bundle budget).
const NotificationBell = lazy(() => import("../features/notifications/notification-bell.tsx"));

/**
 * The header's bell: the notification centre with its live unread count. `asLink` (the phone
 * header) links to the /notifications page instead of opening a dropdown.
 */
export function NotificationBellSlot({ asLink = false }: { asLink?: boolean }) {
  if (!useMemberSlots()) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell asLink={asLink} />
    </Suspense>
  );
}
