import type pg from "pg";

// PostgreSQL only (database.ts). Kysely sends every statement unnamed, so PostgreSQL parses and plans it on every call: for the
// small indexed reads most requests make, that is most of their database time (a one-row read
// by index: 254 µs unnamed, 76 µs prepared, on this project's machine). This pool hands Kysely
// clients that send a statement seen before under a name, which each connection prepares once
// (docs/decisions/025).
//
// Bounded: a text is named the second time it is seen (one-off texts are never prepared) and at
// most MAX_NAMED texts get names, so each connection holds at most that many prepared plans.
// Multi-statement texts and transaction control are sent as they are.
//
// A table whose columns change while a process runs (a rolling deploy's migration) makes
// PostgreSQL refuse a prepared `select *` of it ("cached plan must not change result type").
// Outside a transaction that statement is sent again unnamed (it never ran); inside one the
// transaction fails as any database error would. Either way the connection is closed when it is
// released, so no connection keeps a stale plan.

const MAX_NAMED = 500;
const MAX_SEEN_ONCE = 5_000;
const STALE_PLAN = "0A000";
const NOT_PREPARED =
  /^\s*(?:begin|commit|rollback|start|savepoint|release|set|reset|show|listen|unlisten|notify|lock|deallocate|discard|prepare|execute|vacuum|analyze|create|alter|drop|truncate|copy|grant|revoke|comment)\b/i;

type QueryResult = pg.QueryResult<Record<string, unknown>>;

export type StatementNames = {
  /** The name to send `text` under, if it has earned one. */
  nameFor(text: string): string | undefined;
  /** How many texts have names (for tests). */
  size(): number;
};

/** The process's statement names: the same text has the same name on every connection. */
export function createStatementNames(maxNamed = MAX_NAMED): StatementNames {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return {
    nameFor(text) {
      const name = names.get(text);
      if (name !== undefined) return name;
      if (names.size >= maxNamed || text.includes(";") || NOT_PREPARED.test(text)) return;
      if (!seenOnce.has(text)) {
        if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
        seenOnce.add(text);
        return;
      }
      seenOnce.delete(text);
      const assigned = `sh_${names.size}`;
      names.set(text, assigned);
      return assigned;
    },
    size: () => names.size,
  };
}

const isStalePlan = (error: unknown) =>
  (error as { code?: string } | null)?.code === STALE_PLAN &&
  /cached plan/i.test((error as Error).message);

/** A client whose queries go out prepared where `names` says so. */
function preparingClient(client: pg.PoolClient, names: StatementNames) {
  let stale = false;
  async function query(text: string, values?: unknown[]): Promise<QueryResult> {
    const name = typeof text === "string" ? names.nameFor(text) : undefined;
    if (name === undefined) return client.query(text, values);
    const idle = client.getTransactionStatus() === "I";
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      stale = true;
      if (!idle) throw error;
      return client.query(text, values);
    }
  }
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === "query") return query;
      if (key === "release") return (destroy?: boolean | Error) => target.release(destroy || stale);
      return Reflect.get(target, key, receiver);
    },
  });
}

/** The pool Kysely is given: `pool`'s clients, sending repeated statements prepared. */
export function preparingPool(pool: pg.Pool, names = createStatementNames()) {
  const clients = new WeakMap<pg.PoolClient, pg.PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = preparingClient(client, names);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
