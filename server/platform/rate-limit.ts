import type { Context, MiddlewareHandler } from "hono";
import {
  type AttemptCount,
  countAttempt,
  LONGEST_ATTEMPT_WINDOW_SECONDS,
  pruneAttemptsSometimes,
  secondsUntilWindowCloses,
} from "./attempts.ts";
import { hasBody } from "./body-limit.ts";
import { limitedAddress } from "./client-ip.ts";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./http.ts";

export type RateRule = {
  /** Names the counter; one caller's requests to every route sharing a name count together. */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
  /** The 429's message, when the screen words it itself (default: the wait in words). */
  message?: string;
};

export function waitMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${Math.max(1, retryAfterSeconds)} second${retryAfterSeconds === 1 ? "" : "s"}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? "" : "s"}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/**
 * Tells callers apart by account, for routes whose access level signs the caller in: one
 * person's requests count together from every address, and people behind one address apart.
 */
export function perUser(c: Context<AppEnv>): string {
  const user = c.var.user;
  if (!user) throw new Error("perUser limits need a route whose access level signs the caller in");
  return `user:${user.id}`;
}

/**
 * Refuses a caller's requests past `rule.max` in a window with 429, the wait in words and a
 * Retry-After header. Callers are told apart by address (an IPv6 one by its /64) unless
 * `callerOf` says otherwise (`perUser` on signed-in routes).
 * Counted in the database, so every server process shares one count.
 */
export function rateLimit(
  rule: RateRule,
  callerOf: (c: Context<AppEnv>) => string = limitedAddress,
): MiddlewareHandler<AppEnv> {
  if (rule.windowSeconds > LONGEST_ATTEMPT_WINDOW_SECONDS) {
    throw new Error(
      `${rule.name}: windows longer than ${LONGEST_ATTEMPT_WINDOW_SECONDS} s are pruned early`,
    );
  }
  return async (c, next) => {
    const { db } = c.var.deps.database;
    const attempts = await countAttempt(db, `${rule.name}:${callerOf(c)}`, rule.windowSeconds);
    pruneAttemptsSometimes(db, (err) => c.var.deps.log.warn({ err }, "pruning attempts failed"));
    if (attempts.count > rule.max) {
      return refuse(c, rule, secondsUntilWindowCloses(attempts, rule.windowSeconds));
    }
    await next();
  };
}

function refuse(c: Context<AppEnv>, rule: RateRule, retryAfter: number) {
  // A refused upload's unread body would poison a kept-alive connection: close it.
  return c.json(errorBody("rate_limited", rule.message ?? waitMessage(retryAfter)), 429, {
    "Retry-After": String(retryAfter),
    ...(hasBody(c) ? { Connection: "close" } : {}),
  });
}

/**
 * The same limit counted in this process's memory, for frequent requests whose limit only
 * guards against a runaway client (a heartbeat): no database write per request. Each process
 * counts apart, so behind N processes a caller may reach up to N × `rule.max` (decision 022).
 */
export function processRateLimit(
  rule: RateRule,
  callerOf: (c: Context<AppEnv>) => string = limitedAddress,
): MiddlewareHandler<AppEnv> {
  const counts = new Map<string, AttemptCount>();
  const windowMs = rule.windowSeconds * 1000;
  let nextPrune = 0;
  return async (c, next) => {
    const now = Date.now();
    if (now >= nextPrune) {
      for (const [key, count] of counts) {
        if (now - count.windowStartedAt.getTime() >= windowMs) counts.delete(key);
      }
      nextPrune = now + windowMs;
    }
    const key = callerOf(c);
    let count = counts.get(key);
    if (!count || now - count.windowStartedAt.getTime() >= windowMs) {
      count = { count: 0, windowStartedAt: new Date(now) };
      counts.set(key, count);
    }
    count.count += 1;
    if (count.count > rule.max) {
      return refuse(c, rule, secondsUntilWindowCloses(count, rule.windowSeconds));
    }
    await next();
  };
}
