import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { STREAM_EVENTS } from "../../contracts/realtime.ts";
import type { AppEnv } from "./http.ts";
import { mayReceive, mayReceiveSignal, type RealtimeEvent, type Viewer } from "./realtime.ts";

// Proxies and browsers drop idle connections; a comment line every 25 s keeps the stream open.
const HEARTBEAT_MS = 25_000;
// Sent when the server shuts down: the browser reconnects soon, to a process still running.
const RECONNECT_AFTER_SHUTDOWN_MS = 1000;
// A browser further behind than this reloads instead of replaying.
export const REPLAY_LIMIT = 1000;

/** The Last-Event-ID header as an event id; null when absent, NaN when it is not one. */
export function parseLastEventId(header: string | undefined): number | null {
  if (header === undefined || header === "") return null;
  return /^\d{1,15}$/.test(header) ? Number(header) : Number.NaN;
}

type SseMessage = { event: string; data: string; id?: string };

/**
 * One SSE message, as Hono's writeSSE writes it, without its per-message promise hops (one
 * process writes an event to 10,000 streams at once). `data` is JSON (one line), `event` a
 * topic name and `id` a number, so no field needs splitting or checking for line breaks.
 */
const sseText = ({ event, data, id }: SseMessage) =>
  `event: ${event}\ndata: ${data}\n${id === undefined ? "" : `id: ${id}\n`}\n`;

/**
 * Streams every event `viewer()` may receive, each with its id as `id:`. Subscribes first, then
 * replays what came after `lastEventId`, then streams; nothing is sent twice or out of order.
 * `viewer` is asked again for every event, so a route can downgrade it while the stream is open;
 * user events are looked up for the user reading at the start (a stream never gains a user).
 * Signals (typing…) are sent once live, without an `id:`: they are never replayed.
 */
export function streamEvents(c: Context<AppEnv>, viewer: () => Viewer, lastEventId: number | null) {
  const { realtime, openStreams } = c.var.deps;
  return streamSSE(c, async (stream) => {
    // The stream's writer queues writes in call order; `writing` is the last (it never rejects).
    let writing: Promise<unknown> = Promise.resolve();
    const write = (message: SseMessage) => {
      writing = stream.write(sseText(message));
    };
    // Events up to `sent` were replayed (or predate the stream): live ones after it only.
    let sent = Number.POSITIVE_INFINITY;
    const buffered: RealtimeEvent[] = [];
    const send = (event: RealtimeEvent) => {
      if (event.id <= sent) return;
      sent = event.id;
      if (!mayReceive(viewer(), event)) return;
      write({ id: String(event.id), event: event.topic, data: JSON.stringify(event.payload) });
    };
    let live = false;
    const unsubscribe = await realtime.subscribe(
      (event) => {
        if (live) send(event);
        else buffered.push(event);
      },
      { userId: viewer().userId },
    );
    const unsubscribeSignals = await realtime.subscribeSignals((signal) => {
      if (!live || !mayReceiveSignal(viewer(), signal)) return;
      write({ event: signal.name, data: JSON.stringify(signal.payload) });
    });

    try {
      const { head, prunedThrough } = await realtime.position();
      let reset = lastEventId !== null && !(lastEventId >= prunedThrough && lastEventId <= head);
      let replay: RealtimeEvent[] = [];
      if (lastEventId !== null && !reset) {
        replay = await realtime.eventsBetween(lastEventId, head, viewer(), REPLAY_LIMIT + 1);
        reset = replay.length > REPLAY_LIMIT;
      }
      if (reset) {
        replay = [];
        write({ event: STREAM_EVENTS.reset, data: "{}" });
      }
      sent = lastEventId ?? head;
      for (const event of replay) send(event);
      sent = head;
      // Its id moves the browser's Last-Event-ID to where this stream starts.
      write({ id: String(head), event: STREAM_EVENTS.ready, data: "{}" });
      for (const event of buffered.splice(0)) send(event);
      live = true;

      const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
      await new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        // On shutdown: tell the browser to reconnect soon (to a process still running), then end.
        const release = openStreams.track(async () => {
          await writing;
          await stream.write(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`);
          resolve();
        });
        stream.onAbort(release);
      });
      clearInterval(heartbeat);
    } finally {
      unsubscribe();
      unsubscribeSignals();
    }
  });
}
