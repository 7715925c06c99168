// npm run bench: builds nothing (run `npm run build` first). Runs every bench in turn:
// - in-process benches (export a `Bench`) share one built server on a fresh embedded database
//   (or BASE_URL) and print one table;
// - standalone benches start what they measure themselves, each in its own process.
// `npm run bench -- <name>…` runs only those. To add a bench, list it below.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { homeBundle } from "./home-bundle.ts";
import { type Bench, type BenchRow, machineReference, printTable, startServer } from "./lib.ts";
import { lighthouseHome, lighthouseProfile, lighthouseSearch } from "./lighthouse.ts";

const IN_PROCESS: [name: string, bench: Bench][] = [
  ["home-bundle", homeBundle],
  ["lighthouse-home", lighthouseHome],
  ["lighthouse-search", lighthouseSearch],
  ["lighthouse-profile", lighthouseProfile],
];
const STANDALONE: [name: string, file: string][] = [
  ["startup", "startup.ts"],
  ["signed-in", "signed-in.ts"],
  ["search", "search.ts"],
  ["search-scale", "search-scale.ts"],
  ["bookings", "bookings.ts"],
  ["hail", "hail.ts"],
  ["messages", "messages.ts"],
  ["streams", "streams.ts"],
];

const only = process.argv.slice(2);
console.log(`machine reference: ${machineReference()} ms (lower is faster; docs/performance.md)`);
const wanted = (name: string) => !only.length || only.includes(name);
let failed = false;

if (IN_PROCESS.some(([name]) => wanted(name))) {
  const server = process.env.BASE_URL
    ? undefined
    : await startServer(Number(process.env.BENCH_PORT ?? 4300));
  const baseUrl = process.env.BASE_URL || server!.baseUrl;
  const rows: (BenchRow & { bench: string })[] = [];
  try {
    for (const [name, bench] of IN_PROCESS) {
      if (!wanted(name)) continue;
      console.error(`bench: ${name}…`);
      try {
        for (const row of await bench({ baseUrl })) rows.push({ ...row, bench: name });
      } catch (error) {
        failed = true;
        console.error(`bench ${name} failed:`, error);
      }
    }
  } finally {
    server?.stop();
  }
  printTable(rows);
  if (rows.some((row) => row.ok === false)) failed = true;
}

for (const [name, file] of STANDALONE) {
  if (!wanted(name)) continue;
  console.log(`\n=== ${name} ===`);
  const script = path.join(import.meta.dirname, file);
  const { status } = spawnSync(process.execPath, ["--import", "tsx", script], { stdio: "inherit" });
  if (status !== 0) failed = true;
}
if (failed) process.exitCode = 1;
