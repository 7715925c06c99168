import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { preparingPool } from "./prepared-statements.ts";
import type { DB } from "./schema.ts";

// bigint counts and numeric sums come back as JS numbers; every value we store fits.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type DatabaseKind = "pglite" | "postgres";

export type Database = {
  kind: DatabaseKind;
  pool: pg.Pool;
  db: Kysely<DB>;
  /** The embedded instance, when kind is "pglite". */
  pglite?: PGlite;
  /** The connection string, when kind is "postgres" (for dedicated LISTEN connections). */
  url?: string;
  /**
   * Connections that plan a prepared statement generically from its first execution instead
   * of after five custom plans (`plan_cache_mode`), for statements whose generic plans are
   * proven (search, decision 009). PostgreSQL: a second pool, opened on first use; PGlite: `pool`.
   */
  genericPlanPool(): SettingPool;
  close(): Promise<void>;
};

/** Connections of a pool that each ran a `set` (awaited) before their first query. */
export type SettingPool = {
  connect(): Promise<pg.PoolClient>;
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
};

function settingPool(pool: pg.Pool, setting?: string): SettingPool {
  const ready = new WeakSet<pg.PoolClient>();
  const connect = async () => {
    const client = await pool.connect();
    if (setting && !ready.has(client)) {
      try {
        await client.query(`set ${setting}`);
      } catch (error) {
        client.release(true);
        throw error;
      }
      ready.add(client);
    }
    return client;
  };
  return {
    connect,
    async query<R extends pg.QueryResultRow>(config: pg.QueryConfig) {
      const client = await connect();
      let result: pg.QueryResult<R>;
      try {
        result = await client.query<R>(config);
      } catch (error) {
        // As pg.Pool's own query: the connection is not reused (it may hold a stale plan).
        client.release(true);
        throw error;
      }
      client.release();
      return result;
    },
  };
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  /** In memory; `loadDataDir` starts from a dumped data directory instead of running initdb. */
  | { kind: "pglite"; inMemory: true; loadDataDir?: Blob };

function fromPool(
  kind: DatabaseKind,
  pool: pg.Pool,
  onClose: () => Promise<void>,
  pglite?: PGlite,
  openGenericPlanPool?: () => pg.Pool,
): Database {
  let genericPlans: pg.Pool | undefined;
  let genericPlanPool: SettingPool | undefined;
  // PGlite is one session whatever the pool does, so a stale plan could not be shed by closing
  // a connection: it gets every statement unnamed, as Kysely sends them.
  const dialectPool = kind === "postgres" ? preparingPool(pool) : pool;
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: dialectPool }) });
  return {
    kind,
    pool,
    db,
    pglite,
    genericPlanPool() {
      if (!genericPlanPool) {
        genericPlans = openGenericPlanPool?.();
        genericPlanPool = genericPlans
          ? settingPool(genericPlans, "plan_cache_mode = force_generic_plan")
          : settingPool(pool);
      }
      return genericPlanPool;
    },
    async close() {
      await db.destroy();
      if (genericPlans && !genericPlans.ended) await genericPlans.end();
      // Kysely ends the pool only if it ever ran a query; migrations alone use the pool directly.
      if (!pool.ended) await pool.end();
      await onClose();
    },
  };
}

export const PGLITE_EXTENSIONS = { btree_gist, cube, earthdistance, pg_trgm };

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const pglite = await PGlite.create(dataDir ?? "memory://", {
      extensions: PGLITE_EXTENSIONS,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    // PGlite is one connection: the pool holds exactly one client and never retires it.
    const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
    return fromPool(
      "pglite",
      pool,
      async () => {
        await pglite.close();
        release();
      },
      pglite,
    );
  } catch (error) {
    release();
    throw error;
  }
}

function openPostgresPool(url: string, max: number): pg.Pool {
  // A connection stays open once made (pg closes idle ones after 10 s by default): a new one
  // prepares every statement again, plans their first five runs afresh and compiles the PL/pgSQL
  // functions (booking_schedule_verdict: 12–93 ms). A web process's booking after a 12 s lull
  // took 22–40 ms with the default and 11–17 ms with connections kept (docs/performance.md).
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 0 });
  // An idle connection the server ended (a restart, a dropped test database): the pool makes
  // a new one on the next query. One line says so; the client object is no help to anyone.
  pool.on("error", (error) => console.error(`idle PostgreSQL connection ended: ${error.message}`));
  return pool;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const max = target.poolSize ?? 10;
    const pool = openPostgresPool(target.url, max);
    // Half the size: search shares the connection budget (docs/deploy.md) with everything else.
    const genericPlans = () => openPostgresPool(target.url, Math.ceil(max / 2));
    return {
      ...fromPool("postgres", pool, async () => {}, undefined, genericPlans),
      url: target.url,
    };
  }
  return "dataDir" in target
    ? openPglite(target.dataDir)
    : openPglite(undefined, target.loadDataDir);
}
