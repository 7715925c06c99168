import { useCallback, useRef } from "react";
import { MESSAGES } from "../../../contracts/constants.ts";
import { sendTyping } from "./api.ts";

/** Tells the other party the viewer is typing, at most once per throttle period. */
export function useTypingSignal(conversationId: string) {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < MESSAGES.typingThrottleMs) return;
    last.current = now;
    // A lost typing signal does not matter.
    sendTyping(conversationId).catch(() => {});
  }, [conversationId]);
}
