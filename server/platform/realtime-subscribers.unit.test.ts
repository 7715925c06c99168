import { describe, expect, it } from "vitest";
import type { RealtimeEvent } from "./realtime.ts";
import { createSubscribers } from "./realtime-subscribers.ts";

const event = (audience: string, userId: string | null = null): RealtimeEvent => ({
  id: 1,
  topic: "notification",
  payload: null,
  audience,
  userId,
});

describe("realtime subscribers", () => {
  it("hands a user's event to that user's handlers and the unscoped ones; the rest to all", () => {
    const subscribers = createSubscribers();
    const seen: string[] = [];
    const handler = (name: string) => () => seen.push(name);
    subscribers.add(handler("all"));
    const removeAlice = subscribers.add(handler("alice"), { userId: "alice" });
    subscribers.add(handler("bob"), { userId: "bob" });
    subscribers.add(handler("anonymous"), { userId: null });
    const reached = (e: RealtimeEvent) => {
      seen.length = 0;
      for (const h of subscribers.for(e)) h(e);
      return [...seen].sort();
    };
    expect(reached(event("user", "alice"))).toEqual(["alice", "all"]);
    expect(reached(event("user", "carol"))).toEqual(["all"]);
    expect(reached(event("public"))).toEqual(["alice", "all", "anonymous", "bob"]);
    expect(reached(event("staff"))).toEqual(["alice", "all", "anonymous", "bob"]);
    removeAlice();
    expect(reached(event("user", "alice"))).toEqual(["all"]);
    expect(reached(event("public"))).toEqual(["all", "anonymous", "bob"]);
  });
});
