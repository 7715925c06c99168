// Start-up time: spawn the built server on an embedded database that already holds the demo
// world, and time spawn → first 200 from /api/health. Five runs; prints median and max.
// Usage: npm run build && npx tsx scripts/bench/startup.ts
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../server/test/free-port.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAIN = path.join(ROOT, "dist/server/main.js");
const DATA_DIR = path.join(ROOT, ".test-data/bench-startup");
const RUNS = 5;
const TARGET_MS = 5_000;

/** Starts the server, waits for health, stops it; returns ms from spawn to the first 200. */
async function startOnce(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_SEED: "auto",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function main() {
  if (!existsSync(MAIN)) {
    console.error("dist/server/main.js is missing: run `npm run build` first.");
    process.exit(1);
  }
  // The first start seeds the demo world (when the data dir is new); it is not measured.
  const seeding = await startOnce();
  console.log(
    `startup: prepared ${path.relative(ROOT, DATA_DIR)} (first start ${(seeding / 1000).toFixed(1)} s)`,
  );
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await startOnce());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const max = times[times.length - 1] as number;
  const list = times.map((t) => (t / 1000).toFixed(2)).join(", ");
  console.log(
    `startup (PGlite, demo data, ${RUNS} runs): median ${(median / 1000).toFixed(2)} s, max ${(max / 1000).toFixed(2)} s [${list}] — target < ${TARGET_MS / 1000} s`,
  );
  if (max >= TARGET_MS) process.exitCode = 1;
}

await main();
