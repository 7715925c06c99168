import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { RealtimeChannel } from "../../contracts/realtime.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "./logger.ts";

type Handler = (payload: unknown) => void;

export type Realtime = {
  /** Calls `handler` for every event on `channel`, from any process. Returns the unsubscribe. */
  subscribe(channel: RealtimeChannel, handler: Handler): Promise<() => void>;
  /**
   * Sends an event. Given a transaction, it is delivered only if and when that commits
   * (NOTIFY's own semantics), so listeners never see a change that was rolled back.
   */
  publish(channel: RealtimeChannel, payload: unknown, executor?: Kysely<DB>): Promise<void>;
  close(): Promise<void>;
};

/** A LISTEN connection: PGlite's own listener, or one dedicated PostgreSQL client. */
type Listener = {
  listen(channel: string, onPayload: (raw: string) => void): Promise<void>;
  close(): Promise<void>;
};

function pgliteListener(database: Database): Listener {
  const unsubscribers: (() => Promise<void>)[] = [];
  return {
    async listen(channel, onPayload) {
      unsubscribers.push(await database.pglite!.listen(channel, onPayload));
    },
    async close() {
      await Promise.all(unsubscribers.map((u) => u()));
    },
  };
}

function postgresListener(database: Database, log: Logger): Listener {
  const channels = new Map<string, (raw: string) => void>();
  let client: pg.Client | undefined;
  let closed = false;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: database.url });
    next.on("notification", (msg) => channels.get(msg.channel)?.(msg.payload ?? "null"));
    next.on("error", (error) => {
      log.warn({ err: error }, "realtime connection lost; reconnecting");
      client = undefined;
      if (!closed) setTimeout(() => void reconnect(), 1000);
    });
    await next.connect();
    for (const channel of channels.keys()) await next.query(`listen "${channel}"`);
    return next;
  }
  async function reconnect() {
    try {
      client = await connect();
    } catch (error) {
      log.warn({ err: error }, "realtime reconnect failed");
      if (!closed) setTimeout(() => void reconnect(), 2000);
    }
  }

  return {
    async listen(channel, onPayload) {
      channels.set(channel, onPayload);
      client ??= await connect();
      await client.query(`listen "${channel}"`);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}

export function createRealtime(database: Database, log: Logger): Realtime {
  const listener =
    database.kind === "pglite" ? pgliteListener(database) : postgresListener(database, log);
  const handlers = new Map<string, Set<Handler>>();
  const listening = new Map<string, Promise<void>>();

  function dispatch(channel: string, raw: string) {
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      payload = raw;
    }
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log.error({ err: error, channel }, "realtime handler failed");
      }
    }
  }

  return {
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      let ready = listening.get(channel);
      if (!ready) {
        ready = listener.listen(channel, (raw) => dispatch(channel, raw));
        listening.set(channel, ready);
      }
      await ready;
      return () => {
        set.delete(handler);
      };
    },
    async publish(channel, payload, executor = database.db) {
      await sql`select pg_notify(${channel}, ${JSON.stringify(payload ?? null)})`.execute(executor);
    },
    close: () => listener.close(),
  };
}
