// Search and profile speed at scale: 100,000 creators on PostgreSQL and on embedded PGlite.
// Run alone with `npx tsx scripts/bench/search.ts` (BENCH_CREATORS=… to change the size,
// BENCH_REUSE=1 to keep generated data between runs, BENCH_DB=postgres|pglite for one database).
// PostgreSQL needs TEST_DATABASE_URL.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SERVICES } from "../../contracts/enums.ts";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { migrate } from "../../server/db/migrate.ts";
import { measureSequential, measureThroughput } from "./bench-measure.ts";
import { startBenchServer } from "./bench-server.ts";
import { benchZips, generateCreators } from "./search-data.ts";

const COUNT = Number(process.env.BENCH_CREATORS ?? 100_000);
const REUSE = process.env.BENCH_REUSE === "1";
const SAMPLES = 2000;
const TARGETS = {
  postgres: { searchP95: 10, profileP95: 10, searchRps: 1000 },
  pglite: { searchP95: 15, profileP95: 10, searchRps: 300 },
} as const;

type Kind = keyof typeof TARGETS;

function rand(n: number) {
  return Math.floor(Math.random() * n);
}

/** Searches the way people would: where creators are, often with a service, sometimes a date. */
function searchPaths(): string[] {
  const zips = benchZips();
  const quick = ["Wedding", "Portrait", "Event", "Social Media"];
  return Array.from({ length: SAMPLES }, () => {
    const g = 1 + rand(COUNT);
    const zip = zips[(g * 7919) % zips.length]!.zip;
    const q = new URLSearchParams({ zip });
    if (Math.random() < 0.5) q.set("service", SERVICES[rand(3)]!);
    if (Math.random() < 0.3) {
      const day = new Date(Date.now() + (1 + rand(60)) * 86_400_000);
      q.set("date", day.toISOString().slice(0, 10));
    }
    if (Math.random() < 0.2) q.set("filter", quick[rand(4)]!);
    return `/api/search?${q}`;
  });
}

async function creatorCount(database: Database): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(
    "select count(*)::int as n from photographer_profiles",
  );
  return rows[0]?.n ?? 0;
}

/** The last generation step (profile stats) ran: a previous run was not cut short. */
async function generationFinished(database: Database): Promise<boolean> {
  const { rows } = await database.pool.query(
    "select 1 from photographer_profiles where review_count > 0 limit 1",
  );
  return rows.length > 0;
}

/** Migrates and fills the database unless it already holds this many creators (BENCH_REUSE). */
async function prepare(database: Database) {
  await migrate(database.pool);
  if ((await creatorCount(database)) !== COUNT || !(await generationFinished(database))) {
    await database.pool.query(
      `truncate "user", photographer_profiles, portfolio_items, reviews, bookings cascade`,
    );
    console.log(`Generating ${COUNT.toLocaleString()} creators on ${database.kind}…`);
    await generateCreators(database.pool, COUNT);
  }
  const { rows } = await database.pool.query<{ id: string }>(
    `select id from photographer_profiles where is_published and approved order by random() limit ${SAMPLES}`,
  );
  return rows.map((r) => `/api/creators/${r.id}`);
}

async function preparePostgres(baseUrl: string) {
  const name = "sh_bench_search";
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [name]))
    .rowCount;
  if (exists && !REUSE) await admin.query(`drop database ${name} with (force)`);
  if (!exists || !REUSE) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  try {
    return { env: { DATABASE_URL: url.toString() }, profilePaths: await prepare(database) };
  } finally {
    await database.close();
  }
}

async function preparePglite() {
  const dataDir = path.resolve(".bench-data/search-pglite");
  if (existsSync(dataDir) && !REUSE) rmSync(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    return { env: { DATA_DIR: dataDir }, profilePaths: await prepare(database) };
  } finally {
    await database.close();
  }
}

async function benchOne(kind: Kind, port: number) {
  const started = performance.now();
  const prepared =
    kind === "postgres"
      ? await preparePostgres(process.env.TEST_DATABASE_URL!)
      : await preparePglite();
  const server = await startBenchServer(prepared.env, port);
  try {
    const searches = searchPaths();
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
