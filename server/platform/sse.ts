import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { RealtimeChannel } from "../../contracts/realtime.ts";
import { resolveCaller } from "./access.ts";
import type { AppEnv } from "./http.ts";

// Proxies and browsers drop idle connections; a comment line every 25 s keeps the stream open.
const HEARTBEAT_MS = 25_000;
// Sent when the server shuts down: the browser reconnects soon, to a process still running.
const RECONNECT_AFTER_SHUTDOWN_MS = 1000;

export type EventSubscription = {
  channel: RealtimeChannel;
  /** The SSE event name the browser listens for. */
  event: string;
  /** Drop events this client must not see (e.g. other users' data). */
  allow?: (payload: unknown) => boolean;
};

/**
 * Resolves once the route's caller no longer meets its access level (signed out, staff access
 * revoked), checked every `config.streamAccessCheckMs`; never for public streams.
 */
function accessLost<E extends AppEnv>(c: Context<E>, signal: AbortSignal): Promise<void> {
  const access = c.var.access;
  if (!access || access.level === "public") return new Promise(() => {});
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      resolveCaller(c, access.level, access.options).catch(() => {
        clearInterval(timer);
        resolve();
      });
    }, c.var.deps.config.streamAccessCheckMs);
    signal.addEventListener("abort", () => clearInterval(timer));
  });
}

/**
 * Streams realtime events to the browser as Server-Sent Events until it disconnects or, on a
 * guarded route, until its caller loses access.
 */
export function streamEvents<E extends AppEnv>(c: Context<E>, subscriptions: EventSubscription[]) {
  const { realtime, openStreams } = c.var.deps;
  return streamSSE(c, async (stream) => {
    let open = true;
    const unsubscribers = await Promise.all(
      subscriptions.map(({ channel, event, allow }) =>
        realtime.subscribe(channel, (payload: unknown) => {
          if (!open || (allow && !allow(payload))) return;
          void stream.writeSSE({ event, data: JSON.stringify(payload) });
        }),
      ),
    );
    await stream.writeSSE({ event: "ready", data: "{}" });
    const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const stopped = new AbortController();
    await Promise.race([
      new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        const release = openStreams.track(async () => {
          await stream.write(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`);
          resolve();
        });
        stream.onAbort(release);
      }),
      accessLost(c, stopped.signal),
    ]);
    open = false;
    stopped.abort();
    clearInterval(heartbeat);
    for (const unsubscribe of unsubscribers) unsubscribe();
  });
}
