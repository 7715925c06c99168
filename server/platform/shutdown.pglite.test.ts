import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { connect, createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "./project-root.ts";

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

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
      const url = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: "127.0.0.1",
          DEMO_SEED: "off",
          LOG_LEVEL: "info",
          NODE_ENV: "development",
          DATABASE_URL: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout?.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child!.once("exit", resolve));
      await waitFor(
        async () => {
          if (child!.exitCode !== null) throw new Error(`server exited:\n${output}`);
          return (await tryConnect(port)) === "connected";
        },
        STARTUP_MS,
        "the server to listen",
      );

      // An open event stream: a request that would never finish on its own.
      const events = await fetch(`${url}/api/map/events`);
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
      await waitFor(() => output.includes("shutting down"), 10_000, "the shutdown to begin");

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

      expect(await exited).toBe(0);
      expect(output).toContain("shut down");
    },
    STARTUP_MS + 60_000,
  );
});
