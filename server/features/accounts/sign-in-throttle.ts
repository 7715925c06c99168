import type { Context } from "hono";
import {
  clearAttempts,
  countAttempt,
  pruneAttemptsSometimes,
  secondsUntilWindowCloses,
} from "../../platform/attempts.ts";
import { limitedAddress } from "../../platform/client-ip.ts";
import type { AppEnv } from "../../platform/http.ts";
import { isKnownDevice, knownDeviceCookie } from "./known-device.ts";
import {
  type AttemptRule,
  SIGN_IN_PATH,
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_CLIENT,
} from "./rate-limits.ts";

/**
 * Whether the answer sets a session cookie: only a device that got a session becomes known,
 * not one still owing a second factor (whose answer clears the session cookie instead).
 */
function opensSession(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => {
    const [name = "", value = ""] = (cookie.split(";")[0] ?? "").split("=");
    return name.trim().endsWith("session_token") && value !== "" && !/max-age=0(;|$)/i.test(cookie);
  });
}

export type SignInThrottle =
  | { refused: true; retryAfterSeconds: number }
  | { refused: false; settle(response: Response): Promise<Response> };

/**
 * Counts one password sign-in for `email` (docs/decisions/014-sign-in-throttling.md): per
 * account and client address, and per account unless this device signed in to it before.
 * `settle` clears the client's count after a success and, once it has a session, remembers
 * the device.
 */
export async function throttleSignIn(c: Context<AppEnv>, email: string): Promise<SignInThrottle> {
  const { config, database, log } = c.var.deps;
  const { db } = database;
  const device = {
    secret: config.authSecret,
    email,
    secure: (config.publicOrigin ?? "").startsWith("https://"),
  };
  const cookieHeader = c.req.header("cookie");
  const counters: { key: string; rule: AttemptRule }[] = [
    { key: `${SIGN_IN_PATH}:${email}:${limitedAddress(c)}`, rule: SIGN_IN_PER_CLIENT },
    ...(isKnownDevice(cookieHeader, device)
      ? []
      : [{ key: `${SIGN_IN_PATH}:${email}`, rule: SIGN_IN_PER_ACCOUNT }]),
  ];
  pruneAttemptsSometimes(db, (err) => log.warn({ err }, "pruning attempts failed"));
  for (const { key, rule } of counters) {
    const attempts = await countAttempt(db, key, rule.windowSeconds);
    if (attempts.count > rule.max) {
      return {
        refused: true,
        retryAfterSeconds: secondsUntilWindowCloses(attempts, rule.windowSeconds),
      };
    }
  }
  return {
    refused: false,
    async settle(response) {
      if (!response.ok) return response;
      for (const { key, rule } of counters) {
        if (rule.clearOnSuccess) await clearAttempts(db, key);
      }
      if (!opensSession(response)) return response;
      const headers = new Headers(response.headers);
      headers.append("set-cookie", knownDeviceCookie(cookieHeader, device));
      return new Response(response.body, { status: response.status, headers });
    },
  };
}
