// Shared plumbing of the benchmarks: a result row, a built server to measure, a table.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

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

/** Production mode needs a payment-data key; benchmarks store no real payout data. */
export const BENCH_PAYMENT_DATA_KEY = Buffer.alloc(32, 7).toString("base64");

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

/** Starts the built server (npm run build first) on a fresh embedded database. */
export async function startServer(port: number): Promise<{ baseUrl: string; stop: () => void }> {
  const dataDir = `.test-data/bench-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0123",
      PAYMENT_DATA_KEY: process.env.PAYMENT_DATA_KEY ?? BENCH_PAYMENT_DATA_KEY,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop: () => child.kill() };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill();
  throw new Error("server did not become healthy within 90 s");
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
