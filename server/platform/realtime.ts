import type { Kysely } from "kysely";
import pg from "pg";
import type { RealtimeSignal, RealtimeTopic } from "../../contracts/realtime.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { DatabaseDeps } from "./deps.ts";
import type { Logger } from "./logger.ts";
import {
  beginTransaction,
  commitTransaction,
  commitWithEvents,
  eventPosition,
  eventsAfter,
  eventsBetween,
  flushCommits,
  insertEvents,
  notify,
  pruneEventsBefore,
  rollbackTransaction,
} from "./realtime-queries.ts";
import { createSubscribers, type Subscribers } from "./realtime-subscribers.ts";

// The one NOTIFY channel; its payload is an event id (migration 060).
const CHANNEL = "realtime_events";
// Signals (typing…): live only, the whole signal in the NOTIFY payload, never stored.
const SIGNAL_CHANNEL = "realtime_signals";
// A person's sessions or account changed (migration 121): the payload is their user id.
const AUTH_CHANNEL = "auth_changed";
// Read at most this many rows per query when catching up. One change may publish an event for
// each of thousands of people (publishMany): each query is a round trip before the next rows
// go out, so a 10,000-event fan-out takes 2 reads, not 20 (docs/performance.md, streams).
const BATCH = 5000;

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
  /**
   * Runs `work` in a transaction whose events (published with its `trx`) are written together,
   * in one statement, as its last step: the events' ordering lock is then held for that
   * statement and the commit only, not for the rest of the work. Ids of events published inside
   * are not known until then (publish answers 0 there).
   */
  transaction<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T>;
  /**
   * Calls `handler` for every committed event, from any process, in id order; with `scope`,
   * for public and staff events and only the user events addressed to `scope.userId`.
   */
  subscribe(handler: Handler, scope?: { userId: string | null }): Promise<() => void>;
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

/** How often the LISTEN connection is probed; an answer may take half as long. */
const LIVENESS_PROBE_MS = 10_000;

function postgresListener(database: Database, log: Logger, probeMs: number): Listener {
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
    let lost = false;
    next.on("error", (error) => {
      if (lost) return;
      lost = true;
      log.warn({ err: error }, "realtime connection lost; reconnecting");
      onAuth("lost");
      client = undefined;
      void next.end().catch(() => {});
      if (!closed) setTimeout(() => void reconnect(...callbacks), 1000);
    });
    await next.connect();
    await next.query(`listen "${CHANNEL}"; listen "${SIGNAL_CHANNEL}"; listen "${AUTH_CHANNEL}"`);
    watchLiveness(next);
    return next;
  }
  // A connection can die without an error (a dropped network path): notifications would stop
  // while the session cache trusts the channel. A probe that goes unanswered counts as lost.
  function watchLiveness(watched: pg.Client) {
    const timer = setInterval(() => {
      if (client !== watched) return clearInterval(timer);
      const unanswered = setTimeout(
        () => watched.emit("error", new Error("realtime connection unresponsive")),
        probeMs / 2,
      );
      watched.query("select 1").then(
        () => clearTimeout(unanswered),
        () => clearTimeout(unanswered),
      );
    }, probeMs);
    timer.unref();
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

/**
 * Hands every committed event to its `subscribers`, in id order. NOTIFY only says "something new": it
 * reads every row after the last one handed out, so a lost notification (or a lost LISTEN
 * connection) costs latency, never an event. Until `startAt` gives the starting position, a
 * notification does not read from id 0.
 */
function eventFeed(db: Kysely<DB>, log: Logger, subscribers: Subscribers) {
  let closed = false;
  // The newest event this process has handed to its subscribers.
  let lastId = 0;
  let catchingUp: Promise<void> | undefined;
  let again = false;
  let positioned = false;

  function handOut(row: RealtimeEvent) {
    lastId = row.id;
    for (const handler of subscribers.for(row)) {
      try {
        handler(row);
      } catch (error) {
        log.error({ err: error, topic: row.topic }, "realtime handler failed");
      }
    }
  }
  async function catchUp() {
    do {
      again = false;
      for (;;) {
        if (closed) return;
        const rows = await eventsAfter(db, lastId, BATCH);
        for (const row of rows) handOut(row);
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
  return {
    scheduleCatchUp,
    startAt(head: number) {
      lastId = head;
      positioned = true;
      scheduleCatchUp();
    },
    async close() {
      closed = true;
      await catchingUp;
    },
  };
}

/** Parses a signal's NOTIFY payload and hands it to every signal handler. */
function signalDelivery(handlers: Set<SignalHandler>, log: Logger) {
  return (text: string) => {
    let signal: RealtimeSignalMessage;
    try {
      signal = JSON.parse(text) as RealtimeSignalMessage;
    } catch {
      return;
    }
    for (const handler of handlers) {
      try {
        handler(signal);
      } catch (error) {
        log.error({ err: error, signal: signal.name }, "realtime signal handler failed");
      }
    }
  };
}

/**
 * Adds a handler (`add` answers how to remove it), starts listening, and answers the removal
 * (done at once if start fails).
 */
async function addHandler(add: () => () => void, start: () => Promise<void>) {
  const remove = add();
  try {
    await start();
  } catch (error) {
    remove();
    throw error;
  }
  return remove;
}

/** Events of a transaction opened by `Realtime.transaction`, written just before it commits. */
const heldUntilCommit = new WeakMap<Kysely<DB>, EventToPublish[]>();

const eventRows = (events: readonly EventToPublish[]) =>
  events.map(({ topic, payload, audience }) => ({
    topic,
    payload: payload ?? null,
    audience: typeof audience === "string" ? audience : "user",
    userId: typeof audience === "string" ? null : audience.userId,
  }));

function writeEvents(events: readonly EventToPublish[], executor: Kysely<DB>) {
  if (!events.length) return Promise.resolve([]);
  return insertEvents(executor, eventRows(events));
}

/** PGlite (one connection, nothing to share a lock with): the events, then Kysely's commit. */
function heldEventsTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    const events: EventToPublish[] = [];
    heldUntilCommit.set(trx, events);
    try {
      const result = await work(trx);
      await writeEvents(events, trx);
      return result;
    } finally {
      heldUntilCommit.delete(trx);
    }
  });
}

/**
 * PostgreSQL: the transaction on one connection, ended by its events and the commit in one
 * round trip, committed without waiting for the flush; then the flush, before anyone is told.
 * Event-writing transactions commit one at a time (the ordering lock, migration 060): with a
 * separate COMMIT, each held the lock while this process, busy with other requests, got round
 * to sending it, and then through its own WAL flush — twenty bookings at once queued behind
 * one another's round trips and flushes. Now the lock is held for the two statements inside
 * PostgreSQL only, and PostgreSQL's group commit shares the flushes of everyone waiting. What
 * is given up: other transactions and event streams may see such a commit up to one flush
 * (about a millisecond) before it is on disk, so a crash in that instant can lose a change
 * someone saw — but never one anybody was told was done (decision 022, third addendum).
 */
async function oneTripCommit<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>) {
  const done = await db.connection().execute(async (conn) => {
    const events: EventToPublish[] = [];
    await beginTransaction(conn);
    heldUntilCommit.set(conn, events);
    try {
      const result = await work(conn);
      if (events.length) await commitWithEvents(conn, eventRows(events));
      else await commitTransaction(conn);
      return { result, published: events.length > 0 };
    } catch (error) {
      // Whether the transaction is still open, aborted or already ended by a failed commit.
      await rollbackTransaction(conn).catch(() => {});
      throw error;
    } finally {
      heldUntilCommit.delete(conn);
    }
  });
  // The connection is back in the pool first: a transaction waiting on the disk holds none.
  if (done.published) await flushCommits(db);
  return done.result;
}

/** Adds `handler` to `set`; answers how to remove it. */
const addTo =
  <H>(set: Set<H>, handler: H) =>
  () => {
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  };

export function createRealtime(
  database: Database,
  log: Logger,
  { livenessProbeMs = LIVENESS_PROBE_MS } = {},
): Realtime {
  const { db } = database;
  const listener =
    database.kind === "pglite"
      ? pgliteListener(database)
      : postgresListener(database, log, livenessProbeMs);
  const subscribers = createSubscribers();
  const signalHandlers = new Set<SignalHandler>();
  const authHandlers = new Set<AuthChangeHandler>();
  const feed = eventFeed(db, log, subscribers);
  let started: Promise<void> | undefined;
  const position = () => eventPosition(db);

  function deliverAuthChange(payload: string) {
    const change: AuthChange =
      payload === "lost" || payload === "listening" ? payload : { userId: payload };
    for (const handler of authHandlers) handler(change);
  }

  function start() {
    started ??= (async () => {
      // Listen first, then read where we stand: nothing committed in between is lost.
      await listener.listen(
        feed.scheduleCatchUp,
        feed.scheduleCatchUp,
        signalDelivery(signalHandlers, log),
        deliverAuthChange,
      );
      feed.startAt((await position()).head);
    })();
    // A failed start (database unreachable) is tried again by the next subscriber.
    started.catch(() => {
      started = undefined;
    });
    return started;
  }

  const publishMany: Realtime["publishMany"] = async (events, executor = db) => {
    const held = heldUntilCommit.get(executor);
    if (held) {
      held.push(...events);
      return events.map(() => 0);
    }
    return writeEvents(events, executor);
  };

  return {
    async publish(topic, payload, audience, executor) {
      const [id] = await publishMany([{ topic, payload, audience }], executor);
      return id!;
    },
    publishMany,
    transaction: (work) =>
      database.kind === "postgres" ? oneTripCommit(db, work) : heldEventsTransaction(db, work),
    subscribe: (handler, scope) => addHandler(() => subscribers.add(handler, scope), start),
    async signal(name, payload, audience) {
      const signal: RealtimeSignalMessage = {
        name,
        payload: payload ?? null,
        audience: typeof audience === "string" ? audience : "user",
        userId: typeof audience === "string" ? null : audience.userId,
      };
      await notify(db, SIGNAL_CHANNEL, JSON.stringify(signal));
    },
    subscribeAuthChanges: (handler) => addHandler(addTo(authHandlers, handler), start),
    subscribeSignals: (handler) => addHandler(addTo(signalHandlers, handler), start),
    position,
    eventsBetween: (after, through, viewer, limit) =>
      eventsBetween(db, { after, through, viewer, limit }),
    async close() {
      const feedClosed = feed.close();
      await listener.close();
      await feedClosed;
    },
  };
}

/**
 * Deletes events created before `olderThan`. A browser whose Last-Event-ID is older than what
 * was pruned is told to reload (see sse.ts). Returns how many were deleted.
 */
export async function pruneEvents(deps: DatabaseDeps, olderThan: Date): Promise<number> {
  return deps.database.db.transaction().execute((trx) => pruneEventsBefore(trx, olderThan));
}
