// Shared plumbing of the benchmarks: a result row, a built server to measure, a table.
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { gunzipSync, inflateSync } from "node:zlib";
import type { Kysely } from "kysely";
import type { DB } from "../../server/db/schema.ts";
import { SESSION_LIFETIME_SECONDS } from "../../server/platform/auth.ts";
import { startBenchServer } from "./bench-server.ts";

export type BenchRow = {
  name: string;
  value: number;
  unit: string;
  /** A target in words ("≤ 150", "≥ 90"); `ok` says whether it was met. */
  target?: string;
  ok?: boolean;
};

export type BenchContext = { baseUrl: string };
export type Bench = (ctx: BenchContext) => Promise<BenchRow[]>;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

/**
 * Starts the built server in production mode on a fresh embedded database holding the demo
 * world (see bench-server.ts). The demo seed never runs in production, so a first start in
 * development mode seeds the data directory.
 */
export async function startServer(port: number): Promise<{ baseUrl: string; stop: () => void }> {
  const dataDir = `.test-data/bench-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const seeding = await startBenchServer(
    { DATA_DIR: dataDir, NODE_ENV: "development", DEMO_SEED: "auto" },
    port,
  );
  await seeding.stop();
  const server = await startBenchServer({ DATA_DIR: dataDir }, port);
  return { baseUrl: server.url, stop: () => void server.stop() };
}

export function printTable(rows: (BenchRow & { bench: string })[]) {
  const cells = rows.map((r) => [
    r.bench,
    r.name,
    `${Number.isInteger(r.value) ? r.value : r.value.toFixed(1)} ${r.unit}`,
    r.target ?? "",
    r.ok === undefined ? "" : r.ok ? "ok" : "MISSED",
  ]);
  const head = ["bench", "measure", "value", "target", ""];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const c of cells) console.log(line(c));
}

/** Lets a bench file run on its own: `BASE_URL=… tsx scripts/bench/<name>.ts`. */
export async function runStandalone(name: string, bench: Bench) {
  const server = process.env.BASE_URL
    ? undefined
    : await startServer(Number(process.env.BENCH_PORT ?? 4300));
  try {
    const rows = await bench({ baseUrl: process.env.BASE_URL || server!.baseUrl });
    printTable(rows.map((r) => ({ ...r, bench: name })));
  } finally {
    server?.stop();
  }
}

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** "load average 1.23, 1.50, 1.10 (1, 5, 15 min) on 2 cores": the machine may be shared. */
export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(", ")} (1, 5, 15 min) on ${os.cpus().length} cores`;

/**
 * The machine's own speed, to compare sittings on different machines of the same kind: the
 * best of three runs of a fixed one-core task (SHA-256 over 64 MiB, then a JavaScript loop of
 * 20 million steps), in ms. Machines sold as alike differ: see docs/performance.md.
 */
export function machineReference() {
  const chunk = Buffer.alloc(64 * 1024, 7);
  const once = () => {
    const started = performance.now();
    const hash = createHash("sha256");
    for (let i = 0; i < 1024; i++) hash.update(chunk);
    hash.digest();
    let x = 0;
    for (let i = 0; i < 20_000_000; i++) x = (x + i * 31) % 1_000_003;
    if (x < 0) throw new Error("unreachable: keeps the loop");
    return performance.now() - started;
  };
  return Math.round(Math.min(once(), once(), once()));
}

/**
 * Sessions written straight into the database, one per user, and their Cookie headers signed
 * as Better Auth (better-call) signs its cookie: thousands of signed-in people without
 * password hashing. The server must run with the same `authSecret`.
 */
export async function mintSessions(db: Kysely<DB>, userIds: string[], authSecret: string) {
  const tokens = userIds.map(() => randomBytes(24).toString("base64url"));
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .insertInto("session")
      .values(
        userIds.slice(i, i + 500).map((userId, j) => ({
          id: randomUUID(),
          token: tokens[i + j]!,
          userId,
          // As a sign-in leaves it: an older-looking session would be refreshed (a write, and a
          // notice to every process) on its first request.
          expiresAt: new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000),
        })),
      )
      .execute();
  }
  return tokens.map((token) => {
    const signature = createHmac("sha256", authSecret).update(token).digest("base64");
    const value = encodeURIComponent(`${token}.${signature}`);
    // Production with an https origin reads the __Secure- name; send both.
    return `better-auth.session_token=${value}; __Secure-better-auth.session_token=${value}`;
  });
}

/**
 * The `n`th made-up client address (10.x.y.z), for a bench whose simulated browsers each come
 * from their own address behind a trusted proxy (`X-Forwarded-For`, `TRUST_PROXY=true`).
 */
export const benchAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export type SseEvent = { event: string; data: string; id: string | undefined; at: number };
export type EventStream = { close(): void; lastEventId(): string | undefined };
// node:http rather than fetch: hundreds of long-lived responses, each chunk stamped on arrival.
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/**
 * Opens an event stream (GET /api/events) and hands every event to `onEvent`, stamped with
 * performance.now() when its chunk arrived; resolves once the stream sent `ready`.
 */
export function openEventStream(
  url: string,
  headers: Record<string, string>,
  onEvent: (event: SseEvent) => void,
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    let lastId: string | undefined;
    const request = http.get(
      url,
      { agent: streamAgent, headers: { accept: "text/event-stream", ...headers } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`event stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding("utf8");
        let text = "";
        response.on("data", (chunk: string) => {
          const at = performance.now();
          text += chunk;
          const blocks = text.split("\n\n");
          text = blocks.pop() ?? "";
          for (const block of blocks) {
            const event: SseEvent = { event: "message", data: "", id: undefined, at };
            let fields = 0;
            for (const line of block.split("\n")) {
              const colon = line.indexOf(":");
              if (colon <= 0) continue; // a comment (the keep-alive) or a bare field name
              const value = line.slice(colon + 1).replace(/^ /, "");
              fields += 1;
              switch (line.slice(0, colon)) {
                case "event":
                  event.event = value;
                  break;
                case "data":
                  event.data += value;
                  break;
                case "id":
                  event.id = lastId = value;
              }
            }
            if (!fields) continue;
            onEvent(event);
            if (event.event === "ready") {
              resolve({ close: () => request.destroy(), lastEventId: () => lastId });
            }
          }
        });
        response.on("error", () => {});
        // A server that dies mid-stream ends it: before `ready`, that is a failure (no-op after).
        response.on("close", () => reject(new Error("event stream ended before ready")));
      },
    );
    request.on("error", (error) => {
      if (!request.destroyed) reject(error);
    });
    request.setTimeout(0);
  });
}

type LeanAnswer = { status: number; json: unknown };

/**
 * A lean HTTP client for timed requests: node:http on kept-alive connections (`connections` of
 * them per origin), gzip accepted as a browser does, the body decoded in one step. Node's fetch
 * costs the timing process about a millisecond of CPU more per request (undici, stream
 * decompression), which on a two-core machine lands in the very figure being measured: real
 * clients run on their own machines.
 */
export function createKeepAliveClient(connections = 1) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = (
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<LeanAnswer> =>
    new Promise<LeanAnswer>((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const request = http.request(
        url,
        {
          method,
          agent,
          headers: {
            ...headers,
            "accept-encoding": "gzip, deflate",
            ...(payload
              ? { "content-type": "application/json", "content-length": payload.length }
              : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers["content-encoding"];
            const decoded =
              encoding === "gzip"
                ? gunzipSync(raw)
                : encoding === "deflate"
                  ? inflateSync(raw)
                  : raw;
            const text = decoded.toString();
            resolve({ status: response.statusCode!, json: text ? JSON.parse(text) : null });
          });
        },
      );
      request.on("error", (error: NodeJS.ErrnoException) => {
        // The server closed a kept-alive connection as this request went out on it: sent again
        // on a fresh one, as browsers do (Node's documented pattern; every request here is
        // safe to repeat: reads, heartbeats, creations with an idempotency key).
        if (request.reusedSocket && error.code === "ECONNRESET") {
          send(method, url, headers, body).then(resolve, reject);
        } else reject(error);
      });
      request.end(payload);
    });
  return {
    get: (url: string, headers: Record<string, string>) => send("GET", url, headers),
    post: (url: string, headers: Record<string, string>, body: unknown) =>
      send("POST", url, headers, body),
    close: () => agent.destroy(),
  };
}
