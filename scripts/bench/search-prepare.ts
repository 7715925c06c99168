// What the search benches share: the searches people make, and a database filled with N
// creators (generated once, reused while it holds exactly N from a finished generation).
import pg from "pg";
import { SERVICES } from "../../contracts/enums.ts";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { migrate } from "../../server/db/migrate.ts";
import { benchZips, generateCreators } from "./search-data.ts";

export const SEARCH_SAMPLES = 2000;

function rand(n: number) {
  return Math.floor(Math.random() * n);
}

/**
 * Searches the way people would: where creators are, often with a service, sometimes a date.
 * ZIPs are those of the first `creators` generated ones, which every larger database holds too.
 */
export function searchPaths(creators: number, samples = SEARCH_SAMPLES): string[] {
  const zips = benchZips();
  const quick = ["Wedding", "Portrait", "Event", "Social Media"];
  return Array.from({ length: samples }, () => {
    const g = 1 + rand(creators);
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

export type PreparedSearchData = {
  env: Record<string, string>;
  profilePaths: string[];
  /** Seconds the generation took in this run; null when the data was reused. */
  generatedSeconds: number | null;
};

/** Migrates and fills the database unless it already holds `count` creators. */
export async function prepareSearchData(
  database: Database,
  count: number,
): Promise<Omit<PreparedSearchData, "env">> {
  await migrate(database.pool);
  let generatedSeconds: number | null = null;
  if ((await creatorCount(database)) !== count || !(await generationFinished(database))) {
    const started = performance.now();
    await database.pool.query(
      `truncate "user", photographer_profiles, portfolio_items, reviews, bookings cascade`,
    );
    console.log(`Generating ${count.toLocaleString()} creators on ${database.kind}…`);
    await generateCreators(database.pool, count);
    generatedSeconds = Math.round((performance.now() - started) / 100) / 10;
  }
  const { rows } = await database.pool.query<{ id: string }>(
    `select id from photographer_profiles where is_published and approved order by random() limit ${SEARCH_SAMPLES}`,
  );
  return { profilePaths: rows.map((r) => `/api/creators/${r.id}`), generatedSeconds };
}

/** The database `name` beside TEST_DATABASE_URL's, created (or, unless `reuse`, recreated). */
export async function preparePostgresSearch(
  baseUrl: string,
  name: string,
  count: number,
  reuse: boolean,
): Promise<PreparedSearchData> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [name]))
    .rowCount;
  if (exists && !reuse) await admin.query(`drop database ${name} with (force)`);
  if (!exists || !reuse) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  try {
    return { env: { DATABASE_URL: url.toString() }, ...(await prepareSearchData(database, count)) };
  } finally {
    await database.close();
  }
}
