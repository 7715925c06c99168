import { deflateSync, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { accepts } from "hono/accepts";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from "hono/compress";

// Hono's compress middleware, with one difference: a body that is all in memory and small (a
// JSON answer, nearly every response) is compressed in one synchronous step and sent with its
// Content-Length. Hono's streams every body through a CompressionStream, so the answer waits
// for zlib on the thread pool and goes out as headers, chunk and end in three writes, each
// waking the client. Larger or streamed bodies still take Hono's path. Which responses are
// compressed, the encoding chosen, Vary and the weakened ETag are Hono's; a body under the
// threshold is no longer compressed when its length was unknown beforehand (a JSON answer).

/** Hono's default: smaller bodies gain nothing from compression. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Larger bodies are compressed on the thread pool, as a stream (Hono's compress). */
export const ONE_STEP_MAX_BYTES = 32 * 1024;

const ENCODINGS = ["gzip", "deflate"] as const;
type Encoding = (typeof ENCODINGS)[number];
const COMPRESSORS: Record<Encoding, (body: Uint8Array) => Buffer> = {
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
};
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Hono's choice: the first encoding with q = 1, else the highest q above 0 (`*` counts). */
function chooseEncoding(c: Context): Encoding | undefined {
  const chosen = accepts(c, {
    header: "Accept-Encoding",
    supports: [...ENCODINGS],
    default: "",
    match: (accepted) => {
      const wildcard = accepted.find((a) => a.type === "*")?.q;
      let best: { encoding: Encoding; q: number } | undefined;
      for (const encoding of ENCODINGS) {
        const q = accepted.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
        if (q === 1) return encoding;
        if (q > 0 && (!best || q > best.q)) best = { encoding, q };
      }
      return best?.encoding ?? "";
    },
  });
  return (chosen as Encoding | "") || undefined;
}

/** Whether Hono's compress would consider the response at all (before Vary and encoding). */
function compressible(c: Context, res: Response): boolean {
  const length = res.headers.get("Content-Length");
  const type = res.headers.get("Content-Type");
  const cacheControl = res.headers.get("Cache-Control");
  return !(
    res.status === 206 ||
    res.headers.has("Content-Encoding") ||
    res.headers.has("Transfer-Encoding") ||
    c.req.method === "HEAD" ||
    (length && Number(length) < COMPRESSION_THRESHOLD_BYTES) ||
    !type ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
    (cacheControl && NO_TRANSFORM.test(cacheControl))
  );
}

/**
 * The whole body if it is at most `max` bytes; otherwise a stream of it from the start (what
 * was read, then the rest), to be compressed as a stream.
 */
async function readUpTo(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<{ whole: Uint8Array } | { stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { whole: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) };
    chunks.push(value);
    size += value.byteLength;
    if (size > max) break;
  }
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream };
}

/** Replaces the response without Hono re-wrapping it (its setter would stream the body again). */
function replaceResponse(c: Context, body: ReadableStream | Uint8Array, res: Response) {
  c.res = undefined;
  const init = { status: res.status, statusText: res.statusText, headers: res.headers };
  c.res = new Response(body as BodyInit, init);
}

export function compressResponses(): MiddlewareHandler {
  const streaming = compress({ threshold: COMPRESSION_THRESHOLD_BYTES });
  const done = async () => {};
  return async (c, next) => {
    await next();
    const res = c.res;
    const length = Number(res.headers.get("Content-Length") ?? 0);
    // Headers first: reading `body` turns the Node adapter's light response into a full one.
    if (!compressible(c, res) || length > ONE_STEP_MAX_BYTES || !res.body) {
      return streaming(c, done);
    }
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    const encoding = chooseEncoding(c);
    if (!encoding) return;
    const read = await readUpTo(res.body, ONE_STEP_MAX_BYTES);
    if ("stream" in read) {
      replaceResponse(c, read.stream, res);
      return streaming(c, done);
    }
    if (read.whole.byteLength < COMPRESSION_THRESHOLD_BYTES) {
      return replaceResponse(c, read.whole, res);
    }
    res.headers.delete("Content-Length");
    res.headers.set("Content-Encoding", encoding);
    const etag = res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) res.headers.set("ETag", `W/${etag}`);
    replaceResponse(c, COMPRESSORS[encoding](read.whole), res);
  };
}
