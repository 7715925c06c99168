import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { RealtimeTopic } from "../../contracts/realtime.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { DatabaseDeps } from "./deps.ts";
import type { Logger } from "./logger.ts";

// The one NOTIFY channel; its payload is an event id (migration 060).
const CHANNEL = "realtime_events";
// Read at most this many rows per query when catching up.
const BATCH = 500;

/** Who may receive an event: everyone, staff, or one user. */
export type EventAudience = "public" | "staff" | { userId: string };

/** Who reads a stream. `staff` means an active admin_users row. */
export type Viewer = { userId: string | null; staff: boolean };

export const ANONYMOUS: Viewer = { userId: null, staff: false };

export type RealtimeEvent = {
  id: number;
  topic: string;
  payload: unknown;
  audience: string;
  userId: string | null;
};

export function mayReceive(viewer: Viewer, event: RealtimeEvent): boolean {
  if (event.audience === "public") return true;
  if (event.audience === "staff") return viewer.staff;
  return event.audience === "user" && viewer.userId !== null && event.userId === viewer.userId;
}

type Handler = (event: RealtimeEvent) => void;

export type Realtime = {
  /**
   * Records an event and announces it to every process. Given a transaction, the event exists
   * (and is delivered) only if that commits. Publish last in the transaction: event-writing
   * transactions commit one at a time from here on (migration 060 says why).
   */
  publish(
    topic: RealtimeTopic,
    payload: unknown,
    audience: EventAudience,
    executor?: Kysely<DB>,
  ): Promise<number>;
  /** Calls `handler` for every committed event, from any process, in id order. */
  subscribe(handler: Handler): Promise<() => void>;
  /** The newest event id and the newest pruned one (0 when none). */
  position(): Promise<{ head: number; prunedThrough: number }>;
  /** Events with `after < id <= through` the viewer may receive, in id order, at most `limit`. */
  eventsBetween(
    after: number,
    through: number,
    viewer: Viewer,
    limit: number,
  ): Promise<RealtimeEvent[]>;
  close(): Promise<void>;
};

/** A LISTEN connection: PGlite's own listener, or one dedicated PostgreSQL client. */
type Listener = {
  /** `onReconnect` runs after a lost connection listens again: notifications were lost. */
  listen(onNotify: () => void, onReconnect: () => void): Promise<void>;
  close(): Promise<void>;
};

function pgliteListener(database: Database): Listener {
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async listen(onNotify) {
      unlisten ??= await database.pglite!.listen(CHANNEL, onNotify);
    },
    async close() {
      await unlisten?.();
    },
  };
}

function postgresListener(database: Database, log: Logger): Listener {
  let client: pg.Client | undefined;
  let closed = false;

  async function connect(onNotify: () => void, onReconnect: () => void): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: database.url });
    next.on("notification", onNotify);
    next.on("error", (error) => {
      log.warn({ err: error }, "realtime connection lost; reconnecting");
      client = undefined;
      void next.end().catch(() => {});
      if (!closed) setTimeout(() => void reconnect(onNotify, onReconnect), 1000);
    });
    await next.connect();
    await next.query(`listen "${CHANNEL}"`);
    return next;
  }
  async function reconnect(onNotify: () => void, onReconnect: () => void) {
    try {
      client = await connect(onNotify, onReconnect);
      if (closed) await client.end();
      else onReconnect();
    } catch (error) {
      log.warn({ err: error }, "realtime reconnect failed");
      if (!closed) setTimeout(() => void reconnect(onNotify, onReconnect), 2000);
    }
  }

  return {
    async listen(onNotify, onReconnect) {
      client ??= await connect(onNotify, onReconnect);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}

const eventColumns = ["id", "topic", "payload", "audience", "user_id as userId"] as const;

export function createRealtime(database: Database, log: Logger): Realtime {
  const { db } = database;
  const listener =
    database.kind === "pglite" ? pgliteListener(database) : postgresListener(database, log);
  const handlers = new Set<Handler>();
  let started: Promise<void> | undefined;
  let closed = false;
  // The newest event this process has handed to its subscribers.
  let lastId = 0;
  let catchingUp: Promise<void> | undefined;
  let again = false;
  // Until the starting position is known, a notification must not read from id 0.
  let positioned = false;

  // NOTIFY only says "something new": read every row after the last one handed out, so a lost
  // notification (or a lost LISTEN connection) costs latency, never an event.
  async function catchUp() {
    do {
      again = false;
      for (;;) {
        if (closed) return;
        const rows = await db
          .selectFrom("realtime_events")
          .select(eventColumns)
          .where("id", ">", lastId)
          .orderBy("id")
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          lastId = row.id;
          for (const handler of handlers) {
            try {
              handler(row);
            } catch (error) {
              log.error({ err: error, topic: row.topic }, "realtime handler failed");
            }
          }
        }
        if (rows.length < BATCH) break;
      }
    } while (again);
  }
  function scheduleCatchUp() {
    if (!positioned) return;
    if (catchingUp) {
      again = true;
      return;
    }
    catchingUp = catchUp()
      .catch((error) => {
        log.error({ err: error }, "realtime catch-up failed; retrying");
        if (!closed) setTimeout(scheduleCatchUp, 1000);
      })
      .finally(() => {
        catchingUp = undefined;
      });
  }

  async function position() {
    const row = await db
      .selectFrom("realtime_events_pruned")
      .select((eb) => [
        "through_id as prunedThrough",
        eb
          .selectFrom("realtime_events")
          .select((e) => e.fn.max("id").as("head"))
          .as("head"),
      ])
      .executeTakeFirstOrThrow();
    return { head: Math.max(row.head ?? 0, row.prunedThrough), prunedThrough: row.prunedThrough };
  }

  function start() {
    started ??= (async () => {
      // Listen first, then read where we stand: nothing committed in between is lost.
      await listener.listen(scheduleCatchUp, scheduleCatchUp);
      lastId = (await position()).head;
      positioned = true;
      scheduleCatchUp();
    })();
    // A failed start (database unreachable) is tried again by the next subscriber.
    started.catch(() => {
      started = undefined;
    });
    return started;
  }

  return {
    async publish(topic, payload, audience, executor = db) {
      const target = typeof audience === "string" ? audience : "user";
      const userId = typeof audience === "string" ? null : audience.userId;
      const { rows } = await sql<{ id: number }>`
        select publish_realtime_event(${topic}, ${JSON.stringify(payload ?? null)}::jsonb,
          ${target}, ${userId}) as id`.execute(executor);
      return rows[0]!.id;
    },
    async subscribe(handler) {
      handlers.add(handler);
      try {
        await start();
      } catch (error) {
        handlers.delete(handler);
        throw error;
      }
      return () => {
        handlers.delete(handler);
      };
    },
    position,
    eventsBetween(after, through, viewer, limit) {
      return db
        .selectFrom("realtime_events")
        .select(eventColumns)
        .where("id", ">", after)
        .where("id", "<=", through)
        .where((eb) =>
          eb.or([
            eb("audience", "=", "public"),
            ...(viewer.staff ? [eb("audience", "=", "staff")] : []),
            ...(viewer.userId
              ? [eb.and([eb("audience", "=", "user"), eb("user_id", "=", viewer.userId)])]
              : []),
          ]),
        )
        .orderBy("id")
        .limit(limit)
        .execute();
    },
    async close() {
      closed = true;
      await listener.close();
      await catchingUp;
    },
  };
}

/**
 * Deletes events created before `olderThan`. A browser whose Last-Event-ID is older than what
 * was pruned is told to reload (see sse.ts). Returns how many were deleted.
 */
export async function pruneEvents(deps: DatabaseDeps, olderThan: Date): Promise<number> {
  return deps.database.db.transaction().execute(async (trx) => {
    const newest = await trx
      .selectFrom("realtime_events")
      .select((eb) => eb.fn.max("id").as("id"))
      .where("created_at", "<", olderThan)
      .executeTakeFirst();
    if (!newest?.id) return 0;
    const deleted = await trx
      .deleteFrom("realtime_events")
      .where("id", "<=", newest.id)
      .executeTakeFirst();
    await trx
      .updateTable("realtime_events_pruned")
      .set((eb) => ({ through_id: eb.fn("greatest", ["through_id", eb.val(newest.id)]) }))
      .execute();
    return Number(deleted.numDeletedRows);
  });
}
