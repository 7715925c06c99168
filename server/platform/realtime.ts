import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { RealtimeSignal, RealtimeTopic } from "../../contracts/realtime.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { DatabaseDeps } from "./deps.ts";
import type { Logger } from "./logger.ts";

// The one NOTIFY channel; its payload is an event id (migration 060).
const CHANNEL = "realtime_events";
// Signals (typing…): live only, the whole signal in the NOTIFY payload, never stored.
const SIGNAL_CHANNEL = "realtime_signals";
// A person's sessions or account changed (migration 121): the payload is their user id.
const AUTH_CHANNEL = "auth_changed";
// Read at most this many rows per query when catching up.
const BATCH = 500;

/** Who may receive an event: everyone, staff, or one user. */
export type EventAudience = "public" | "staff" | { userId: string };

/** One event for `publishMany`. */
export type EventToPublish = { topic: RealtimeTopic; payload: unknown; audience: EventAudience };

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

/** A live-only signal: like an event, without an id, never stored or replayed. */
export type RealtimeSignalMessage = {
  name: string;
  payload: unknown;
  audience: string;
  userId: string | null;
};
type SignalHandler = (signal: RealtimeSignalMessage) => void;

/**
 * What the auth-change channel says: one user's standing changed; or the channel was lost
 * ("lost": changes may go unheard until "listening" again, which follows a reconnection).
 */
export type AuthChange = { userId: string } | "lost" | "listening";
type AuthChangeHandler = (change: AuthChange) => void;

/** Whether the viewer may receive a signal: the same rule as for events. */
export function mayReceiveSignal(viewer: Viewer, signal: RealtimeSignalMessage): boolean {
  return mayReceive(viewer, { id: 0, topic: signal.name, ...signal });
}

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
  /**
   * Records several events in one statement (one round trip under the events' ordering lock),
   * in the given order; answers their ids. Publish last in the transaction, as above.
   */
  publishMany(events: readonly EventToPublish[], executor?: Kysely<DB>): Promise<number[]>;
  /** Calls `handler` for every committed event, from any process, in id order. */
  subscribe(handler: Handler): Promise<() => void>;
  /**
   * Sends a live-only signal to every process's streams (pg_notify, never stored): a viewer
   * whose stream is not open at that moment never gets it.
   */
  signal(name: RealtimeSignal, payload: unknown, audience: EventAudience): Promise<void>;
  /** Calls `handler` for every signal from any process while subscribed. */
  subscribeSignals(handler: SignalHandler): Promise<() => void>;
  /**
   * Calls `handler` whenever any process changes someone's sessions or account (migration
   * 121), and when the channel is lost or listening again; resolves once listening.
   */
  subscribeAuthChanges(handler: AuthChangeHandler): Promise<() => void>;
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
  listen(
    onNotify: () => void,
    onReconnect: () => void,
    onSignal: (payload: string) => void,
    onAuth: (payload: string | "lost" | "listening") => void,
  ): Promise<void>;
  close(): Promise<void>;
};

function pgliteListener(database: Database): Listener {
  let unlisten: (() => Promise<void>) | undefined;
  let unlistenSignals: (() => Promise<void>) | undefined;
  let unlistenAuth: (() => Promise<void>) | undefined;
  return {
    async listen(onNotify, _onReconnect, onSignal, onAuth) {
      unlisten ??= await database.pglite!.listen(CHANNEL, onNotify);
      unlistenSignals ??= await database.pglite!.listen(SIGNAL_CHANNEL, onSignal);
      unlistenAuth ??= await database.pglite!.listen(AUTH_CHANNEL, onAuth);
    },
    async close() {
      await unlisten?.();
      await unlistenSignals?.();
      await unlistenAuth?.();
    },
  };
}

function postgresListener(database: Database, log: Logger): Listener {
  let client: pg.Client | undefined;
  let closed = false;

  type Callbacks = Parameters<Listener["listen"]>;
  async function connect(...callbacks: Callbacks): Promise<pg.Client> {
    const [onNotify, , onSignal, onAuth] = callbacks;
    const next = new pg.Client({ connectionString: database.url });
    next.on("notification", (message) => {
      if (message.channel === SIGNAL_CHANNEL) onSignal(message.payload ?? "");
      else if (message.channel === AUTH_CHANNEL) onAuth(message.payload ?? "");
      else onNotify();
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "realtime connection lost; reconnecting");
      onAuth("lost");
      client = undefined;
      void next.end().catch(() => {});
      if (!closed) setTimeout(() => void reconnect(...callbacks), 1000);
    });
    await next.connect();
    await next.query(`listen "${CHANNEL}"; listen "${SIGNAL_CHANNEL}"; listen "${AUTH_CHANNEL}"`);
    return next;
  }
  async function reconnect(...callbacks: Callbacks) {
    const [, onReconnect, , onAuth] = callbacks;
    try {
      client = await connect(...callbacks);
      if (closed) await client.end();
      else {
        onReconnect();
        onAuth("listening");
      }
    } catch (error) {
      log.warn({ err: error }, "realtime reconnect failed");
      if (!closed) setTimeout(() => void reconnect(...callbacks), 2000);
    }
  }

  return {
    async listen(...callbacks) {
      client ??= await connect(...callbacks);
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
  const signalHandlers = new Set<SignalHandler>();
  const authHandlers = new Set<AuthChangeHandler>();
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

  function deliverSignal(text: string) {
    let signal: RealtimeSignalMessage;
    try {
      signal = JSON.parse(text) as RealtimeSignalMessage;
    } catch {
      return;
    }
    for (const handler of signalHandlers) {
      try {
        handler(signal);
      } catch (error) {
        log.error({ err: error, signal: signal.name }, "realtime signal handler failed");
      }
    }
  }

  function deliverAuthChange(payload: string) {
    const change: AuthChange =
      payload === "lost" || payload === "listening" ? payload : { userId: payload };
    for (const handler of authHandlers) handler(change);
  }

  function start() {
    started ??= (async () => {
      // Listen first, then read where we stand: nothing committed in between is lost.
      await listener.listen(scheduleCatchUp, scheduleCatchUp, deliverSignal, deliverAuthChange);
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
    async publishMany(events, executor = db) {
      if (!events.length) return [];
      const rows = events.map(({ topic, payload, audience }) => ({
        topic,
        payload: payload ?? null,
        audience: typeof audience === "string" ? audience : "user",
        userId: typeof audience === "string" ? null : audience.userId,
      }));
      const result = await sql<{ id: number }>`
        select publish_realtime_event(e.event->>'topic', e.event->'payload',
          e.event->>'audience', e.event->>'userId') as id
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(event, n)
        order by e.n`.execute(executor);
      return result.rows.map((row) => Number(row.id));
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
    async signal(name, payload, audience) {
      const signal: RealtimeSignalMessage = {
        name,
        payload: payload ?? null,
        audience: typeof audience === "string" ? audience : "user",
        userId: typeof audience === "string" ? null : audience.userId,
      };
      await sql`select pg_notify(${SIGNAL_CHANNEL}, ${JSON.stringify(signal)})`.execute(db);
    },
    async subscribeSignals(handler) {
      signalHandlers.add(handler);
      try {
        await start();
      } catch (error) {
        signalHandlers.delete(handler);
        throw error;
      }
      return () => {
        signalHandlers.delete(handler);
      };
    },
    async subscribeAuthChanges(handler) {
      authHandlers.add(handler);
      try {
        await start();
      } catch (error) {
        authHandlers.delete(handler);
        throw error;
      }
      return () => {
        authHandlers.delete(handler);
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
