// Search and profile speed at scale: 100,000 creators on PostgreSQL and on embedded PGlite.
// Run alone with `npx tsx scripts/bench/search.ts` (BENCH_CREATORS=… to change the size,
// BENCH_REUSE=1 to keep generated data between runs, BENCH_DB=postgres|pglite for one database).
// PostgreSQL needs TEST_DATABASE_URL.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../server/db/database.ts";
import { measureSequential, measureThroughput } from "./bench-measure.ts";
import { startBenchServer } from "./bench-server.ts";
import { preparePostgresSearch, prepareSearchData, searchPaths } from "./search-prepare.ts";

const COUNT = Number(process.env.BENCH_CREATORS ?? 100_000);
const REUSE = process.env.BENCH_REUSE === "1";
const TARGETS = {
  postgres: { searchP95: 10, profileP95: 10, searchRps: 1000 },
  pglite: { searchP95: 15, profileP95: 10, searchRps: 300 },
} as const;

type Kind = keyof typeof TARGETS;

async function preparePglite() {
  const dataDir = path.resolve(".bench-data/search-pglite");
  if (existsSync(dataDir) && !REUSE) rmSync(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    return { env: { DATA_DIR: dataDir }, ...(await prepareSearchData(database, COUNT)) };
  } finally {
    await database.close();
  }
}

async function benchOne(kind: Kind, port: number) {
  const started = performance.now();
  const prepared =
    kind === "postgres"
      ? await preparePostgresSearch(process.env.TEST_DATABASE_URL!, "sh_bench_search", COUNT, REUSE)
      : await preparePglite();
  const server = await startBenchServer(prepared.env, port);
  try {
    const searches = searchPaths(COUNT);
    const search = await measureSequential(server.url, searches);
    const profile = await measureSequential(server.url, prepared.profilePaths);
    const load = await measureThroughput(server.url, searches, { connections: 20, seconds: 10 });
    const target = TARGETS[kind];
    const result = {
      database: kind,
      creators: COUNT,
      searchMs: search,
      profileMs: profile,
      searchThroughput: load,
      pass: {
        searchP95: search.p95 <= target.searchP95,
        profileP95: profile.p95 <= target.profileP95,
        searchRps: load.rps >= target.searchRps && load.errors === 0 && load.non2xx === 0,
      },
      minutes: Math.round((performance.now() - started) / 600) / 100,
    };
    console.log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    await server.stop();
  }
}

// BENCH_DB=postgres or BENCH_DB=pglite measures one database only.
const kinds = (process.env.TEST_DATABASE_URL ? ["postgres", "pglite"] : ["pglite"]).filter(
  (kind) => !process.env.BENCH_DB || kind === process.env.BENCH_DB,
) as Kind[];
if (!process.env.TEST_DATABASE_URL) console.warn("TEST_DATABASE_URL is not set: PGlite only.");
const results = [];
for (const [i, kind] of kinds.entries()) results.push(await benchOne(kind, 4590 + i));
console.log("\nsearch benchmark");
for (const r of results) {
  console.log(
    `${r.database.padEnd(8)} search p50 ${r.searchMs.p50} ms, p95 ${r.searchMs.p95} ms | profile p50 ${r.profileMs.p50} ms, p95 ${r.profileMs.p95} ms | ${r.searchThroughput.rps} searches/s @20 | ${Object.values(r.pass).every(Boolean) ? "PASS" : `FAIL ${JSON.stringify(r.pass)}`}`,
  );
}
if (results.some((r) => !Object.values(r.pass).every(Boolean))) process.exitCode = 1;
