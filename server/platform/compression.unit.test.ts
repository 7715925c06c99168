import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, inflateSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressResponses,
  ONE_STEP_MAX_BYTES,
} from "./compression.ts";

// Through the Node adapter the app runs on, read as raw HTTP: the framing (Content-Length or
// chunked) is what the one-step path changes, and what a browser's fetch would hide.

const jsonOf = (bytes: number) => ({ text: "x".repeat(bytes) });
const big = jsonOf(8 * 1024);
const large = jsonOf(ONE_STEP_MAX_BYTES * 3);
const tiny = jsonOf(100);

const app = new Hono();
app.use("*", compressResponses());
app.get("/big", (c) => c.json(big));
app.get("/tiny", (c) => c.json(tiny));
app.get("/large", (c) => c.json(large));
app.get("/etag", (c) => c.json(big, 200, { ETag: '"v1"' }));
app.get("/no-transform", (c) => c.json(big, 200, { "Cache-Control": "no-transform" }));
app.get("/cookies", (c) => {
  c.header("Set-Cookie", "a=1", { append: true });
  c.header("Set-Cookie", "b=2", { append: true });
  return c.json(big);
});
app.get("/events", (c) =>
  c.body("data: x\n\n".repeat(500), 200, { "Content-Type": "text/event-stream" }),
);
app.get("/stream", (c) => {
  const text = new TextEncoder().encode(JSON.stringify(big));
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(text.slice(0, 100));
      controller.enqueue(text.slice(100));
      controller.close();
    },
  });
  return c.body(body, 200, { "Content-Type": "application/json" });
});
app.get("/empty", (c) => c.body(null, 204));

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  if (!server.listening) await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const decoded = (r: Raw) => {
  const encoding = r.headers["content-encoding"];
  const text = (
    encoding === "gzip" ? gunzipSync(r.body) : encoding === "deflate" ? inflateSync(r.body) : r.body
  ).toString();
  return JSON.parse(text);
};

describe("compressResponses", () => {
  it("compresses a JSON answer in one piece, with its length (no chunked encoding)", async () => {
    const r = await get("/big", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.headers.vary).toBe("Accept-Encoding");
    expect(r.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(r.headers["content-length"])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(1024);
    expect(decoded(r)).toEqual(big);
  });

  it("negotiates as Hono's compress does: q-values, the wildcard, none acceptable", async () => {
    const encodingFor = async (accept: string) =>
      (await get("/big", { "accept-encoding": accept })).headers["content-encoding"];
    expect(await encodingFor("deflate")).toBe("deflate");
    expect(await encodingFor("gzip;q=0.5, deflate;q=0.8")).toBe("deflate");
    expect(await encodingFor("*")).toBe("gzip");
    expect(await encodingFor("br, identity")).toBeUndefined();
    expect(await encodingFor("gzip;q=0")).toBeUndefined();
    const plain = await get("/big");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(decoded(plain)).toEqual(big);
    const r = await get("/big", { "accept-encoding": "deflate" });
    expect(decoded(r)).toEqual(big);
  });

  it(`leaves a body under ${COMPRESSION_THRESHOLD_BYTES} bytes as it is`, async () => {
    const r = await get("/tiny", { "accept-encoding": "gzip" });
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers.vary).toBe("Accept-Encoding");
    expect(Number(r.headers["content-length"])).toBe(r.body.length);
    expect(decoded(r)).toEqual(tiny);
  });

  it("streams a body larger than the one-step limit through the compression stream", async () => {
    const r = await get("/large", { "accept-encoding": "gzip" });
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.headers["transfer-encoding"]).toBe("chunked");
    expect(decoded(r)).toEqual(large);
  });

  it("compresses a streamed body whole when it turns out small", async () => {
    const r = await get("/stream", { "accept-encoding": "gzip" });
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(decoded(r)).toEqual(big);
  });

  it("weakens a strong ETag, keeps every cookie, honours no-transform", async () => {
    expect((await get("/etag", { "accept-encoding": "gzip" })).headers.etag).toBe('W/"v1"');
    expect((await get("/etag")).headers.etag).toBe('"v1"');
    const cookies = await get("/cookies", { "accept-encoding": "gzip" });
    expect(cookies.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(decoded(cookies)).toEqual(big);
    const kept = await get("/no-transform", { "accept-encoding": "gzip" });
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(decoded(kept)).toEqual(big);
  });

  it("leaves event streams, HEAD and empty answers alone", async () => {
    const events = await get("/events", { "accept-encoding": "gzip" });
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.body.toString()).toBe("data: x\n\n".repeat(500));
    const head = await get("/big", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect((await get("/empty", { "accept-encoding": "gzip" })).status).toBe(204);
  });
});
