import type { RealtimeEvent } from "./realtime.ts";

type Handler = (event: RealtimeEvent) => void;

/**
 * Event handlers, found by the user an event is addressed to. With 10,000 streams open, one
 * event for each of their users would otherwise call every handler for every event (10⁸
 * calls); a user's event now reaches that user's streams and the unscoped handlers only.
 * Public and staff events still reach every handler.
 */
export function createSubscribers() {
  const all = new Set<Handler>();
  const unscoped = new Set<Handler>();
  const byUser = new Map<string, Set<Handler>>();
  return {
    /**
     * `scope` undefined: every event. `scope.userId`: user events addressed to that user
     * only (none when null), and every public and staff event.
     */
    add(handler: Handler, scope?: { userId: string | null }): () => void {
      all.add(handler);
      const userId = scope?.userId;
      if (!scope) unscoped.add(handler);
      else if (userId) {
        const own = byUser.get(userId) ?? new Set<Handler>();
        byUser.set(userId, own);
        own.add(handler);
      }
      return () => {
        all.delete(handler);
        unscoped.delete(handler);
        if (!userId) return;
        const own = byUser.get(userId);
        own?.delete(handler);
        if (own?.size === 0) byUser.delete(userId);
      };
    },
    /** The handlers `event` may concern (each still decides whether its viewer may see it). */
    for(event: RealtimeEvent): Iterable<Handler> {
      if (event.audience !== "user") return all;
      const own = event.userId ? byUser.get(event.userId) : undefined;
      if (!own) return unscoped;
      return unscoped.size ? [...unscoped, ...own] : own;
    },
  };
}

export type Subscribers = ReturnType<typeof createSubscribers>;
