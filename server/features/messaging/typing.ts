import { REALTIME_SIGNALS } from "../../../contracts/realtime.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { requireMember } from "./service.ts";

// Browsers send at most one typing signal every MESSAGES.typingThrottleMs; this only stops a
// misbehaving client from flooding the other party (per process, which is enough for that).
const MIN_INTERVAL_MS = 1000;
const lastSent = new Map<string, number>();

function allowed(key: string, at: number): boolean {
  const previous = lastSent.get(key);
  if (previous !== undefined && at - previous < MIN_INTERVAL_MS) return false;
  if (lastSent.size > 10_000) {
    for (const [k, t] of lastSent) if (at - t >= MIN_INTERVAL_MS) lastSent.delete(k);
  }
  lastSent.set(key, at);
  return true;
}

/** Tells the other party's open tabs that the caller is typing: live only, never stored. */
export async function signalTyping(deps: AppDeps, userId: string, conversationId: string) {
  const member = await requireMember(deps, userId, conversationId);
  if (member.blockedAt || member.otherBlockedAt) return;
  if (!allowed(`${userId}:${conversationId}`, Date.now())) return;
  await deps.realtime.signal(
    REALTIME_SIGNALS.typing,
    { conversationId, role: member.role },
    { userId: member.otherUserId },
  );
}
