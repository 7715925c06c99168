import { useEffect, useRef } from "react";
import { REALTIME_TOPICS } from "../../contracts/realtime.ts";
import { type PresenceEvent, ZPresenceEvent } from "../../contracts/search.ts";
import { subscribeEvents } from "./events.ts";

/**
 * Calls `onPresence` for each presence event (a creator went online, moved a grid cell or went
 * offline) while the component is mounted; `onResync` when some may have been missed.
 */
export function usePresenceEvents(
  onPresence: (event: PresenceEvent) => void,
  onResync?: () => void,
) {
  const handlers = useRef({ onPresence, onResync });
  handlers.current = { onPresence, onResync };
  useEffect(
    () =>
      subscribeEvents(REALTIME_TOPICS.creatorPresence, {
        onEvent: (payload) => {
          const parsed = ZPresenceEvent.safeParse(payload);
          if (parsed.success) handlers.current.onPresence(parsed.data);
        },
        onResync: () => handlers.current.onResync?.(),
      }),
    [],
  );
}
