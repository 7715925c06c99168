import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

class FakeEventSource {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown, lastEventId = "") {
    const event = Object.assign(new Event(type), { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

async function load() {
  vi.resetModules();
  return import("./events.ts");
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the tab's event stream", () => {
  it("carries every topic on one connection and drops events it already handed out", async () => {
    const { subscribeEvents } = await load();
    const presence: unknown[] = [];
    const notes: unknown[] = [];
    subscribeEvents("presence", { onEvent: (p) => presence.push(p) });
    subscribeEvents("admin_notification", { onEvent: (p) => notes.push(p) });
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe("/api/events");
    source.emit("ready", {}, "10");
    source.emit("presence", { n: 1 }, "11");
    source.emit("admin_notification", { n: 2 }, "12");
    source.emit("presence", { n: 1 }, "11");
    source.emit("admin_notification", { n: 2 }, "12");
    expect(presence).toEqual([{ n: 1 }]);
    expect(notes).toEqual([{ n: 2 }]);
  });

  it("passes signals (no id of their own) through without moving the position", async () => {
    const { subscribeEvents } = await load();
    const typing: unknown[] = [];
    const messages: unknown[] = [];
    subscribeEvents("typing", { onEvent: (p) => typing.push(p) });
    subscribeEvents("message", { onEvent: (p) => messages.push(p) });
    const source = FakeEventSource.instances[0]!;
    source.emit("ready", {}, "10");
    source.emit("message", { n: 1 }, "11");
    // EventSource reports the previous event's id for an event without `id:`.
    source.emit("typing", { t: 1 }, "11");
    source.emit("typing", { t: 2 }, "11");
    source.emit("message", { n: 2 }, "12");
    source.emit("message", { n: 2 }, "12");
    expect(typing).toEqual([{ t: 1 }, { t: 2 }]);
    expect(messages).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("asks for a reload on the first connection and on reset, not on a resumed one", async () => {
    const { subscribeEvents } = await load();
    const onResync = vi.fn();
    subscribeEvents("presence", { onEvent: () => {}, onResync });
    const source = FakeEventSource.instances[0]!;
    source.emit("ready", {}, "5");
    expect(onResync).toHaveBeenCalledTimes(1);
    // EventSource reconnected by itself (with Last-Event-ID): the server replayed.
    source.emit("ready", {}, "9");
    expect(onResync).toHaveBeenCalledTimes(1);
    source.emit("reset", {});
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it("opens a new stream from its last event when the browser gave up, and closes when unused", async () => {
    const { subscribeEvents } = await load();
    const unsubscribe = subscribeEvents("presence", { onEvent: () => {} });
    const source = FakeEventSource.instances[0]!;
    source.emit("ready", {}, "7");
    source.emit("presence", {}, "8");
    source.readyState = FakeEventSource.CLOSED;
    source.emit("error", {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.instances).toHaveLength(2);
    const next = FakeEventSource.instances[1]!;
    expect(next.url).toBe("/api/events?lastEventId=8");
    unsubscribe();
    await vi.advanceTimersByTimeAsync(0);
    expect(next.closed).toBe(true);
  });
});
