import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { STREAM_EVENTS } from "../../contracts/realtime.ts";
import type { OpenStreams } from "./open-streams.ts";
import {
  mayReceive,
  mayReceiveSignal,
  type Realtime,
  type RealtimeEvent,
  type RealtimeSignalMessage,
  type Viewer,
} from "./realtime.ts";
import { createRoundRobin } from "./round-robin.ts";

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

// A public or staff event goes to every stream in turn: it is formatted once.
let lastEvent: RealtimeEvent | undefined;
let lastEventText = "";
function eventText(event: RealtimeEvent) {
  if (event !== lastEvent) {
    lastEventText = sseText({
      id: String(event.id),
      event: event.topic,
      data: JSON.stringify(event.payload),
    });
    lastEvent = event;
  }
  return lastEventText;
}

const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache",
  Connection: "keep-alive",
  // Also keeps the compression middleware away from the stream.
  "Transfer-Encoding": "chunked",
};

// One timer for every open stream's keep-alive comment (see round-robin.ts).
const heartbeats = createRoundRobin<EventStream>(HEARTBEAT_MS, (stream) =>
  stream.write(": keep-alive\n\n"),
);

/**
 * One open event stream, written straight to Node's response: no web streams between an event
 * and the socket, and nothing of the request's Hono context kept (one process holds 10,000 of
 * these: docs/performance.md). Ends with its connection ('close'), or at shutdown.
 */
class EventStream {
  /** Who reads: asked for every event, so the route may downgrade it while the stream is open. */
  viewer: Viewer;
  closed = false;
  // Events up to `sent` were replayed (or predate the stream): live ones after it only.
  private sent = Number.POSITIVE_INFINITY;
  // Events heard before the stream is live, sent after its replay; null once live.
  private buffered: RealtimeEvent[] | null = [];
  // What is written before the response's head: sent with it.
  private opening: string | null = "";
  private unsubscribe: (() => void) | undefined;
  private unsubscribeSignals: (() => void) | undefined;
  private removeHeartbeat: (() => void) | undefined;
  private releaseOnShutdown: (() => void) | undefined;

  constructor(
    private readonly outgoing: ServerResponse,
    viewer: Viewer,
  ) {
    this.viewer = viewer;
    outgoing.once("close", this.close);
    if (outgoing.destroyed || outgoing.socket?.destroyed) this.close();
  }

  readonly onEvent = (event: RealtimeEvent) => {
    if (this.buffered) this.buffered.push(event);
    else this.send(event);
  };

  readonly onSignal = (signal: RealtimeSignalMessage) => {
    if (this.buffered || !mayReceiveSignal(this.viewer, signal)) return;
    this.write(sseText({ event: signal.name, data: JSON.stringify(signal.payload) }));
  };

  readonly close = () => {
    if (this.closed) return;
    this.closed = true;
    this.buffered = null;
    this.unsubscribe?.();
    this.unsubscribeSignals?.();
    this.removeHeartbeat?.();
    this.releaseOnShutdown?.();
  };

  write(text: string) {
    if (this.closed || this.outgoing.writableEnded) return;
    if (this.opening !== null) this.opening += text;
    else this.outgoing.write(text);
  }

  private send(event: RealtimeEvent) {
    if (event.id <= this.sent) return;
    this.sent = event.id;
    if (mayReceive(this.viewer, event)) this.write(eventText(event));
  }

  /** Subscribes first, then queues what came after `lastEventId` (or 'reset'), then 'ready'. */
  async start(realtime: Realtime, lastEventId: number | null) {
    const unsubscribe = await realtime.subscribe(this.onEvent, { userId: this.viewer.userId });
    const unsubscribeSignals = await realtime.subscribeSignals(this.onSignal);
    this.unsubscribe = unsubscribe;
    this.unsubscribeSignals = unsubscribeSignals;
    if (this.closed) {
      unsubscribe();
      unsubscribeSignals();
      return;
    }
    const { head, prunedThrough } = await realtime.position();
    let reset = lastEventId !== null && !(lastEventId >= prunedThrough && lastEventId <= head);
    let replay: RealtimeEvent[] = [];
    if (lastEventId !== null && !reset) {
      replay = await realtime.eventsBetween(lastEventId, head, this.viewer, REPLAY_LIMIT + 1);
      reset = replay.length > REPLAY_LIMIT;
    }
    if (reset) {
      replay = [];
      this.write(sseText({ event: STREAM_EVENTS.reset, data: "{}" }));
    }
    this.sent = lastEventId ?? head;
    for (const event of replay) this.send(event);
    this.sent = head;
    // Its id moves the browser's Last-Event-ID to where this stream starts.
    this.write(sseText({ id: String(head), event: STREAM_EVENTS.ready, data: "{}" }));
  }

  /** Writes the head (`headers`), what was queued and what was heard meanwhile; then live. */
  goLive(headers: Headers, openStreams: OpenStreams) {
    const opening = this.opening ?? "";
    this.opening = null;
    if (this.closed) return;
    // Had middleware replaced the marked Response, the adapter would have answered it already.
    if (this.outgoing.headersSent) {
      this.close();
      return;
    }
    const head: Record<string, string> = {};
    for (const [name, value] of headers) {
      if (!RESPONSE_ALREADY_SENT.headers.has(name)) head[name] = value;
    }
    this.outgoing.writeHead(200, head);
    this.outgoing.write(opening);
    // Node keeps the head it wrote, a string built of ~70 pieces (2-3 KB a stream, for the
    // stream's life); reading a character makes V8 flatten it into one (~1 KB) in place.
    const written = (this.outgoing as unknown as { _header?: unknown })._header;
    if (typeof written === "string") written.charCodeAt(written.length - 1);
    for (const event of this.buffered!.splice(0)) this.send(event);
    this.buffered = null;
    this.removeHeartbeat = heartbeats.add(this);
    // On shutdown: tell the browser to reconnect soon (to a process still running), then end.
    this.releaseOnShutdown = openStreams.track(async () => {
      this.write(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`);
      this.outgoing.end();
    });
  }
}

export type OpenedEventStream = Pick<EventStream, "viewer" | "closed">;

/**
 * Opens an event stream on Node's response `outgoing` (@hono/node-server's `c.env.outgoing`):
 * every event `viewer` may receive, each with its id as `id:`. Subscribes first, then replays
 * what came after `lastEventId`, then streams; nothing is sent twice or out of order. User
 * events are looked up for the user reading at the start (a stream never gains a user).
 * Signals (typing…) are sent once live, without an `id:`: they are never replayed.
 * Answers the stream (whose `viewer` the caller may change) and the Response for Hono to return:
 * marked as already sent, so the adapter leaves the connection to the stream. The head is
 * written once the app's middleware has added its headers to that Response (they do so
 * synchronously after the handler: the next turn of the event loop sees them all).
 */
export async function openEventStream(options: {
  realtime: Realtime;
  openStreams: OpenStreams;
  outgoing: ServerResponse;
  viewer: Viewer;
  lastEventId: number | null;
}): Promise<{ stream: OpenedEventStream; response: Response }> {
  const stream = new EventStream(options.outgoing, options.viewer);
  try {
    await stream.start(options.realtime, options.lastEventId);
  } catch (error) {
    stream.close();
    throw error;
  }
  // The kind of Response the adapter recognises as already sent (it may replace the global one).
  const AlreadySent = RESPONSE_ALREADY_SENT.constructor as typeof Response;
  const headers = new Headers(RESPONSE_ALREADY_SENT.headers);
  for (const [name, value] of Object.entries(SSE_HEADERS)) headers.set(name, value);
  const response = new AlreadySent(null, { headers });
  setImmediate(() => stream.goLive(response.headers, options.openStreams));
  return { stream, response };
}
