// npm run bench: builds nothing (run `npm run build` first), starts the built server once on a
// fresh embedded database (or uses BASE_URL), runs every bench below in turn, prints one table.
// To add a bench: write scripts/bench/<name>.ts exporting a `Bench`, and list it here.
import { homeBundle } from "./home-bundle.ts";
import { type Bench, type BenchRow, printTable, startServer } from "./lib.ts";
import { lighthouseHome } from "./lighthouse.ts";

const BENCHES: [name: string, bench: Bench][] = [
  ["home-bundle", homeBundle],
  ["lighthouse", lighthouseHome],
];

const only = process.argv.slice(2);
const server = process.env.BASE_URL
  ? undefined
  : await startServer(Number(process.env.BENCH_PORT ?? 4300));
const baseUrl = process.env.BASE_URL || server!.baseUrl;
const rows: (BenchRow & { bench: string })[] = [];
let failed = false;
try {
  for (const [name, bench] of BENCHES) {
    if (only.length && !only.includes(name)) continue;
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
if (failed) process.exitCode = 1;
