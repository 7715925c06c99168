import type { MiddlewareHandler } from "hono";
import { limitedAddress } from "./client-ip.ts";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./http.ts";

/**
 * Open event streams one address may hold: a browser opens at most 6 HTTP/1.1 connections
 * to a host, so one person's tabs never need more; a script holding thousands cannot.
 */
export const STREAMS_PER_ADDRESS = 6;

/** What a refused caller is told to wait: long enough for a closed tab's stream to end. */
const RETRY_AFTER_SECONDS = 30;

export const TOO_MANY_CONNECTIONS =
  "Too many open connections from your address. Close another tab and try again.";

/** `body`, passed through, calling `end` once when it finishes, fails or is cancelled. */
function onBodyEnd(body: ReadableStream<Uint8Array>, end: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
}

/**
 * Caps the connections one address (an IPv6 one by its /64) holds open on the routes this
 * middleware guards, e.g. event streams: past `maxPerAddress`, 429 with Retry-After. A
 * connection counts until its response body ends. Counted in this process: each server
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
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    };
    try {
      await next();
    } catch (error) {
      release();
      throw error;
    }
    const body = c.res.body;
    if (!body) {
      release();
      return;
    }
    c.res = new Response(onBodyEnd(body, release), {
      status: c.res.status,
      headers: c.res.headers,
    });
  };
}
