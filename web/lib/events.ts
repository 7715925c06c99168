import {
  EVENTS_PATH,
  REALTIME_SIGNALS,
  type RealtimeSignal,
  type RealtimeTopic,
  STREAM_EVENTS,
} from "../../contracts/realtime.ts";

// The tab's one event stream (browsers allow about 6 connections per host, all tabs together).
// The server sends events in id order; after a dropped connection EventSource reconnects by
// itself with Last-Event-ID and the server replays what was missed, so an id at or below the
// last one handed out is a duplicate and is dropped. Signals (typing) carry no id of their
// own (EventSource reports the previous event's) and are never replayed: they always pass.

export type EventSubscriber = {
  onEvent: (payload: unknown) => void;
  /** Events may have been missed (first connection, or the server could not replay): reload. */
  onResync?: () => void;
};

// When the server refuses the stream, EventSource gives up; we open a new one after this long.
const REOPEN_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

const subscribers = new Map<string, Set<EventSubscriber>>();
let source: EventSource | undefined;
let attached = new Set<string>();
let lastId = 0;
let failures = 0;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

const eventId = (message: Event) => Number((message as MessageEvent).lastEventId) || 0;
const SIGNALS = new Set<string>(Object.values(REALTIME_SIGNALS));

function resync() {
  for (const set of subscribers.values()) for (const s of set) s.onResync?.();
}

function attach(stream: EventSource, topic: string) {
  if (attached.has(topic)) return;
  attached.add(topic);
  stream.addEventListener(topic, (message) => {
    if (!SIGNALS.has(topic)) {
      const id = eventId(message);
      if (id <= lastId) return;
      lastId = id;
    }
    const payload: unknown = JSON.parse((message as MessageEvent).data);
    for (const subscriber of subscribers.get(topic) ?? []) subscriber.onEvent(payload);
  });
}

function open(resumeFrom: number) {
  const stream = new EventSource(
    resumeFrom ? `${EVENTS_PATH}?lastEventId=${resumeFrom}` : EVENTS_PATH,
  );
  source = stream;
  attached = new Set();
  let first = true;
  stream.addEventListener(STREAM_EVENTS.ready, (message) => {
    // The stream's position: everything before it was replayed or predates this stream.
    lastId = eventId(message);
    failures = 0;
    if (first && !resumeFrom) resync();
    first = false;
  });
  stream.addEventListener(STREAM_EVENTS.reset, resync);
  stream.addEventListener("error", () => {
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    source = undefined;
    const delay = REOPEN_DELAYS_MS[Math.min(failures++, REOPEN_DELAYS_MS.length - 1)];
    reopenTimer = setTimeout(() => {
      reopenTimer = undefined;
      if (subscribers.size) open(lastId);
    }, delay);
  });
  for (const topic of subscribers.keys()) attach(stream, topic);
}

function closeWhenUnused() {
  clearTimeout(closeTimer);
  // Deferred: a screen change unsubscribes one component and subscribes the next.
  closeTimer = setTimeout(() => {
    if (subscribers.size) return;
    source?.close();
    source = undefined;
    clearTimeout(reopenTimer);
    reopenTimer = undefined;
  }, 0);
}

/** Calls `subscriber.onEvent` with each event's payload on `topic`. Returns the unsubscribe. */
export function subscribeEvents(
  topic: RealtimeTopic | RealtimeSignal,
  subscriber: EventSubscriber,
): () => void {
  clearTimeout(closeTimer);
  let set = subscribers.get(topic);
  if (!set) {
    set = new Set();
    subscribers.set(topic, set);
  }
  set.add(subscriber);
  if (source) attach(source, topic);
  else if (!reopenTimer) {
    lastId = 0;
    open(0);
  }
  return () => {
    set.delete(subscriber);
    if (!set.size) subscribers.delete(topic);
    if (!subscribers.size) closeWhenUnused();
  };
}
