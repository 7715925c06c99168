// Issue 24: PostgreSQL search at 1,000,000 creators against 100,000, in one run. Both databases
// (sh_bench_search, sh_bench_search_1m) are generated once and reused while they hold a finished
// generation of their size (BENCH_REUSE=0 regenerates). Both servers run side by side and each
// of the same 2,000 searches goes to one then the other, so load from others hits both alike.
// Run alone with `npx tsx scripts/bench/search-scale.ts`; needs TEST_DATABASE_URL.
import { statfsSync } from "node:fs";
import { loadavg } from "node:os";
import pg from "pg";
import { type Latency, measureAlternating } from "./bench-measure.ts";
import { type BenchServer, startBenchServer } from "./bench-server.ts";
import { preparePostgresSearch, searchPaths } from "./search-prepare.ts";

const BASELINE = { name: "sh_bench_search", creators: 100_000 };
const LARGE = {
  name: "sh_bench_search_1m",
  creators: Number(process.env.BENCH_SCALE_CREATORS ?? 1_000_000),
};
const REUSE = process.env.BENCH_REUSE !== "0";
const TARGET = { p95Ms: 15, ratio: 1.5 };

const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(" ");

async function databaseSize(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ size: string }>(
      "select pg_size_pretty(pg_database_size(current_database())) as size",
    );
    return rows[0]!.size;
  } finally {
    await client.end();
  }
}

function freeDisk(): string {
  const { bavail, bsize } = statfsSync("/work");
  return `${((bavail * bsize) / 2 ** 30).toFixed(0)} GiB free on /work`;
}

async function prepare(size: typeof BASELINE, baseUrl: string) {
  const prepared = await preparePostgresSearch(baseUrl, size.name, size.creators, REUSE);
  const generation =
    prepared.generatedSeconds === null ? "reused" : `generated in ${prepared.generatedSeconds} s`;
  const disk = await databaseSize(prepared.env.DATABASE_URL!);
  return { ...size, prepared, note: `${generation}, ${disk}` };
}

function row(size: { creators: number; note: string }, latency: Latency) {
  return `${size.creators.toLocaleString("en-US").padStart(9)} creators: search p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms (${size.note})`;
}

// PostgreSQL only, as the other PostgreSQL benches: the machine's server unless told otherwise.
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const sizes = [await prepare(BASELINE, baseUrl), await prepare(LARGE, baseUrl)];
const servers: BenchServer[] = [];
try {
  for (const [i, size] of sizes.entries()) {
    servers.push(await startBenchServer(size.prepared.env, 4596 + i));
  }
  const loadBefore = load();
  const [small, large] = await measureAlternating(
    servers.map((s) => s.url),
    searchPaths(BASELINE.creators),
  );
  const ratio = Math.round((large!.p95 / small!.p95) * 100) / 100;
  const pass = { ratio: ratio <= TARGET.ratio, p95: large!.p95 <= TARGET.p95Ms };
  console.log("\nsearch-scale (PostgreSQL, the same searches alternating between two servers)");
  console.log(row(sizes[0]!, small!));
  console.log(row(sizes[1]!, large!));
  console.log(
    `p95 ${LARGE.creators.toLocaleString("en-US")} / ${BASELINE.creators.toLocaleString("en-US")}: ${ratio}× (target ≤ ${TARGET.ratio}×) ${pass.ratio ? "ok" : "missed"}`,
  );
  console.log(
    `p95 at ${LARGE.creators.toLocaleString("en-US")}: ${large!.p95} ms (target ≤ ${TARGET.p95Ms} ms) ${pass.p95 ? "ok" : "missed"}`,
  );
  console.log(`load average ${loadBefore} before, ${load()} after; ${freeDisk()}`);
  if (!pass.ratio || !pass.p95) process.exitCode = 1;
} finally {
  for (const server of servers) await server.stop();
}
