import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/free-port.ts";
import { startServerProcess, waitHealthy } from "../test/server-process.ts";

// Graceful shutdown, proven on the real server process: SIGTERM while an upload is still
// arriving and an event stream is open.

const STARTUP_MS = 150_000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-shutdown-"));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the error code of a fresh TCP connection attempt, or "connected". */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A multipart upload whose body the caller writes piece by piece. */
function startSlowUpload(url: string, file: Buffer) {
  const boundary = `----shutterhail${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sample.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const request = http.request(url, {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(body.length),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
  });
  return { request, body, response };
}

describe("graceful shutdown", () => {
  it(
    "on SIGTERM refuses new connections, ends event streams with a retry hint, finishes the upload in flight and exits 0",
    async () => {
      const port = await freePort();
      const server = startServerProcess({ dataDir, port, logLevel: "info" });
      child = server.child;
      const { url } = server;
      await waitHealthy(server, STARTUP_MS);

      // An open event stream: a request that would never finish on its own.
      const events = await fetch(`${url}/api/events`);
      const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
      let received = "";
      while (!received.includes("event: ready")) received += (await reader.read()).value ?? "";

      const png = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: "#2a6" },
      })
        .png()
        .toBuffer();
      const upload = startSlowUpload(`${url}/api/applications/sample-images`, png);
      const half = Math.floor(upload.body.length / 2);
      upload.request.write(upload.body.subarray(0, half));
      await sleep(300);

      child.kill("SIGTERM");
      await waitFor(
        () => server.output().includes("shutting down"),
        10_000,
        "the shutdown to begin",
      );

      // The stream is told to reconnect (to another process) and ends.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
      expect(received).toMatch(/\nretry: \d+\n\n/);

      expect(await tryConnect(port)).toBe("ECONNREFUSED");

      // The rest of the upload arrives slowly, after the signal.
      const rest = upload.body.subarray(half);
      const step = Math.ceil(rest.length / 5);
      for (let offset = 0; offset < rest.length; offset += step) {
        upload.request.write(rest.subarray(offset, offset + step));
        await sleep(150);
      }
      upload.request.end();
      const answer = await upload.response;
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body).key).toMatch(/^private\/application-samples\//);

      const { code, output } = await server.exited;
      expect(code).toBe(0);
      expect(output).toContain('"msg":"shut down"');
    },
    STARTUP_MS + 60_000,
  );
});
