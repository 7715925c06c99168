import pg from "pg";
import type { Database } from "../db/database.ts";
import type { Logger } from "./logger.ts";

// pg-boss wakes its workers through LISTEN/NOTIFY when the database adapter can listen: a job
// enqueued by a web process is picked up by a worker process at once, not at its next poll
// (docs/decisions/024-processes.md). NOTIFY is only a hint; the queue's polling stays the floor.

const RECONNECT_MS = [250, 1000, 2000, 5000];

type ListenHandle = { close(): Promise<void> };

export type Listen = (
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
) => Promise<ListenHandle>;

/**
 * LISTEN for pg-boss: one dedicated PostgreSQL connection (jobs.ts listens only there), or
 * PGlite's own listener.
 */
export function jobListener(database: Database, log: Logger): Listen {
  return database.kind === "pglite" ? pgliteListen(database) : postgresListen(database, log);
}

function pgliteListen(database: Database): Listen {
  return async (channel, onNotification, onReconnect) => {
    const unlisten = await database.pglite!.listen(channel, onNotification);
    onReconnect();
    return { close: () => unlisten() };
  };
}

/**
 * A pg.Client of its own (LISTEN holds its session): when the connection is lost it connects
 * again with backoff and calls `onReconnect`, so pg-boss fetches whatever was sent meanwhile.
 */
function postgresListen(database: Database, log: Logger): Listen {
  return async (channel, onNotification, onReconnect) => {
    let client: pg.Client | undefined;
    let closed = false;
    let attempt = 0;

    const connect = async () => {
      const next = new pg.Client({ connectionString: database.url, keepAlive: true });
      next.on("notification", (message) => {
        if (message.channel === channel) onNotification(message.payload ?? "");
      });
      next.on("error", (error) => {
        if (closed) return;
        log.warn({ err: error }, "job wake-up connection lost; reconnecting");
        if (client === next) client = undefined;
        void next.end().catch(() => {});
        retry();
      });
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
      return next;
    };
    const retry = () => {
      const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)];
      setTimeout(async () => {
        if (closed) return;
        try {
          client = await connect();
          attempt = 0;
          if (closed) await client.end();
          else onReconnect();
        } catch (error) {
          log.warn({ err: error }, "job wake-up reconnect failed");
          retry();
        }
      }, delay).unref();
    };

    client = await connect();
    onReconnect();
    return {
      async close() {
        closed = true;
        await client?.end().catch(() => {});
      },
    };
  };
}
