import { lazy, Suspense } from "react";
import { useMemberSlots } from "./use-member-slots.ts";

// Loaded only for a signed-in visitor, after the page (the home page's bundle budget).
const MessagesHeaderLink = lazy(() => import("../features/messages/messages-header-link.tsx"));
const UnreadMessagesBadge = lazy(() => import("../features/messages/unread-messages-badge.tsx"));

/** The header's Messages link with its live unread count (signed-in visitors). */
export function MessagesLinkSlot() {
  if (!useMemberSlots()) return null;
  return (
    <Suspense fallback={null}>
      <MessagesHeaderLink />
    </Suspense>
  );
}

/** The unread-messages count on the phone's Messages tab (signed-in visitors). */
export function UnreadMessagesSlot({ className }: { className?: string }) {
  if (!useMemberSlots()) return null;
  return (
    <Suspense fallback={null}>
      <UnreadMessagesBadge className={className} />
    </Suspense>
  );
}
