import type { Auth } from "./auth.ts";
import type { Logger } from "./logger.ts";
import type { AuthChange, Realtime } from "./realtime.ts";

// Signed-in requests remember the session Better Auth found for a cookie, so most skip the
// session lookup (docs/decisions/022). Every change to a person's sessions or account notifies
// every process at commit (migration 121, through realtime's LISTEN connection), which then
// forgets that person; the change's own process also forgets them at once (`forgetUser`).
// While the channel is not listening (starting, or its connection lost) the cache is bypassed,
// and a reconnection empties it: a change can never go unheard into a cached answer.

export type CachedSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

type Entry = { session: CachedSession; userId: string; storedAt: number };

export type SessionCache = {
  /** The session behind the request's cookie: from memory, or Better Auth's lookup. */
  lookup(headers: Headers): Promise<CachedSession | null>;
  /** Forgets every cached session of a user (this process; others hear it from the trigger). */
  forgetUser(userId: string): void;
  /** Resolves once the change channel listens (the cache is in use from then on). */
  listening(): Promise<void>;
  /** How many lookups were answered from memory and by Better Auth (for tests and benches). */
  stats(): { hits: number; misses: number; size: number };
};

/** At most this many sessions are remembered; the oldest go first. */
const MAX_ENTRIES = 50_000;

export function createSessionCache({
  auth,
  realtime,
  log,
  ttlSeconds,
}: {
  auth: Auth;
  realtime: Realtime;
  log: Logger;
  /** How long a session is remembered without any change heard; 0 turns the cache off. */
  ttlSeconds: number;
}): SessionCache {
  const entries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  let listening = false;
  let subscription: Promise<void> | undefined;
  let cookieName: string | undefined;
  // Bumped by every change heard: a lookup that raced a change is not remembered.
  let generation = 0;
  let hits = 0;
  let misses = 0;

  function clear() {
    generation += 1;
    entries.clear();
    keysOfUser.clear();
  }
  function forgetUser(userId: string) {
    generation += 1;
    for (const key of keysOfUser.get(userId) ?? []) entries.delete(key);
    keysOfUser.delete(userId);
  }
  function forgetKey(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keysOfUser.get(entry.userId)?.delete(key);
  }
  function onChange(change: AuthChange) {
    if (change === "lost" || change === "listening") {
      listening = change === "listening";
      clear();
    } else forgetUser(change.userId);
  }
  function subscribe(): Promise<void> {
    subscription ??= realtime.subscribeAuthChanges(onChange).then(
      () => {
        listening = true;
      },
      (error) => {
        log.warn({ err: error }, "session cache: no change channel; looking sessions up");
        subscription = undefined;
      },
    );
    return subscription;
  }
  async function sessionCookie(headers: Headers): Promise<string | undefined> {
    const cookies = headers.get("cookie");
    if (!cookies) return undefined;
    cookieName ??= (await auth.$context).authCookies.sessionToken.name;
    const prefix = `${cookieName}=`;
    for (const part of cookies.split(";")) {
      const cookie = part.trim();
      if (cookie.startsWith(prefix)) return cookie.slice(prefix.length);
    }
    return undefined;
  }
  function remember(key: string, session: CachedSession) {
    forgetKey(key);
    if (entries.size >= MAX_ENTRIES) forgetKey(entries.keys().next().value!);
    entries.set(key, { session, userId: session.user.id, storedAt: Date.now() });
    const keys = keysOfUser.get(session.user.id) ?? new Set<string>();
    keysOfUser.set(session.user.id, keys.add(key));
  }

  return {
    async lookup(headers) {
      const key = ttlSeconds > 0 ? await sessionCookie(headers) : undefined;
      if (!key) return auth.api.getSession({ headers });
      if (!listening) void subscribe();
      const entry = listening ? entries.get(key) : undefined;
      const now = Date.now();
      if (
        entry &&
        now - entry.storedAt < ttlSeconds * 1000 &&
        new Date(entry.session.session.expiresAt).getTime() > now
      ) {
        hits += 1;
        return entry.session;
      }
      misses += 1;
      // Listening before the lookup and no change heard during it: a later change is heard.
      const before = listening ? generation : undefined;
      const session = await auth.api.getSession({ headers });
      if (!session) forgetKey(key);
      else if (before === generation && listening) remember(key, session);
      return session;
    },
    forgetUser,
    listening: subscribe,
    stats: () => ({ hits, misses, size: entries.size }),
  };
}
