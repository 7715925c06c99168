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
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(errorBody("payload_too_large", "Request body is too large"), 413, {
        Connection: "close",
      }),
  });
  // Without either header a request has no body (HTTP/1.1). Not asking the adapter for one
  // spares building the whole fetch Request behind it (URL, Headers, AbortController), which
  // an open event stream would otherwise keep for its life.
  return (c, next) => (hasBody(c) ? limit(c, next) : next());
}
