// Shared plumbing of the benchmarks: a result row, a built server to measure, a table.
import { rmSync } from "node:fs";
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
