import { isApiError } from "../../lib/api-errors.ts";
import { usePresence } from "./api.ts";
import { useLivePresence } from "./use-live-presence.ts";

/**
 * Keeps an online creator's heartbeat and location going while the tab is open, whichever
 * screen it shows: hails reach creators wherever they are in the app. Renders nothing.
 */
export default function PresenceKeeper() {
  const presence = usePresence(true);
  const notCreator =
    isApiError(presence.error, "unauthenticated") || isApiError(presence.error, "forbidden");
  useLivePresence(notCreator ? undefined : presence.data);
  return null;
}
