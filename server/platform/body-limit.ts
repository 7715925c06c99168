import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./http.ts";

/** What a request body may carry unless its route declares more (JSON, forms, Better Auth). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Whether the request announces a body (a length or a chunked transfer). */
export function hasBody(c: Context): boolean {
  return (
    c.req.header("content-length") !== undefined || c.req.header("transfer-encoding") !== undefined
  );
}

/**
 * Refuses a body over `maxBytes` with 413: at once when Content-Length says so, else after
 * counting at most `maxBytes` of a chunked body as it streams in; nothing past that is read.
 * The unread rest of a refused body would poison a kept-alive connection: the answer closes it.
 */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context) =>
    c.json(errorBody("payload_too_large", "Request body is too large"), 413, {
      Connection: "close",
    });
  const countChunked = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  // Without either header a request has no body (HTTP/1.1), and a Content-Length decides at
  // once: neither asks the adapter for the body stream, which would build the whole fetch
  // Request behind it (URL, Headers, AbortController, a web stream) and make the route read
  // its body through that stream instead of straight from the socket (a JSON POST's body was
  // about a tenth of the request's CPU). An open event stream would keep that Request for its
  // life. Only a chunked body is counted as it streams in.
  return async (c, next) => {
    if (c.req.header("transfer-encoding") !== undefined) return countChunked(c, next);
    const length = c.req.header("content-length");
    if (length !== undefined && Number.parseInt(length, 10) > maxBytes) return tooLarge(c);
    await next();
  };
}
