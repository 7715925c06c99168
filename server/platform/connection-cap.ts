import type { MiddlewareHandler } from "hono";
import { limitedAddress } from "./client-ip.ts";
import { errorBody } from "./errors.ts";
import { type AppEnv, nodeResponse } from "./http.ts";

/**
 * Open event streams one address may hold: a browser opens at most 6 HTTP/1.1 connections
 * to a host, so one person's tabs never need more; a script holding thousands cannot.
 */
export const STREAMS_PER_ADDRESS = 6;

/** What a refused caller is told to wait: long enough for a closed tab's stream to end. */
const RETRY_AFTER_SECONDS = 30;

export const TOO_MANY_CONNECTIONS =
  "Too many open connections from your address. Close another tab and try again.";

/**
 * Caps the connections one address (an IPv6 one by its /64) holds open on the routes this
 * middleware guards, e.g. event streams: past `maxPerAddress`, 429 with Retry-After. A
 * connection counts until its response ends ('close'). Counted in this process: each server
 * process holds its own streams. Each call makes one cap; routes sharing it count together.
 */
export function connectionCap(maxPerAddress: number): MiddlewareHandler<AppEnv> {
  const open = new Map<string, number>();
  return async (c, next) => {
    const address = limitedAddress(c);
    const count = open.get(address) ?? 0;
    if (count >= maxPerAddress) {
      return c.json(errorBody("rate_limited", TOO_MANY_CONNECTIONS), 429, {
        "Retry-After": String(RETRY_AFTER_SECONDS),
      });
    }
    open.set(address, count + 1);
    const release = () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    };
    const outgoing = nodeResponse(c);
    if (!outgoing) {
      // No connection to watch: counts while the handler runs.
      try {
        return await next();
      } finally {
        release();
      }
    }
    // Counted until the response ends or its connection drops, however it was written.
    outgoing.once("close", release);
    await next();
  };
}
