import type { Context } from "hono";
import { z } from "zod";
import {
  countAttempt,
  pruneAttemptsSometimes,
  secondsUntilWindowCloses,
} from "../../platform/attempts.ts";
import { CLIENT_IP_HEADER } from "../../platform/auth.ts";
import { clientIp } from "../../platform/client-ip.ts";
import { type AppEnv, nulCharacterAt } from "../../platform/http.ts";
import { waitMessage } from "../../platform/rate-limit.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.ts";
import { findResetTokenUserId } from "./queries.ts";
import {
  type AttemptRule,
  PASSWORD_RESET_PER_ACCOUNT,
  PER_ADDRESS_LIMITS,
  SIGN_IN_PATH,
} from "./rate-limits.ts";
import { passwordProblem } from "./service.ts";
import { throttleSignIn } from "./sign-in-throttle.ts";
import { TWO_FACTOR_MESSAGES } from "./two-factor-messages.ts";

const AUTH_BASE = "/api/auth";
// As Better Auth (better-call) recognises a JSON body.
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;
/** Where a new password arrives, by field: checked against the common-password list. */
const NEW_PASSWORD_FIELDS: Record<string, string | undefined> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

const ZSignUpExtras = z.object({
  name: z.string().trim().min(1, "Please enter your full name.").max(100, "Full name is too long."),
  signedUpAs: z.enum(["client", "creator"]).default("client"),
  location: z.string().trim().max(120, "Location is too long.").nullish(),
});

// Better Auth's terse messages, said the way the product says them.
const MESSAGES: Record<string, string | undefined> = {
  PASSWORD_TOO_SHORT: passwordProblem("x"),
  PASSWORD_TOO_LONG: passwordProblem("x".repeat(1000)),
  EMAIL_NOT_VERIFIED:
    "Please confirm your email address first: open the link we emailed you, or send a new one.",
  INVALID_TOKEN: "This link is invalid or has expired. Please request a new one.",
  ...TWO_FACTOR_MESSAGES,
};

function authError(status: number, code: string, message: string, headers: HeadersInit = {}) {
  return new Response(JSON.stringify({ code, message }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

function tooMany(retryAfterSeconds: number) {
  const seconds = String(Math.max(1, retryAfterSeconds));
  return authError(429, "RATE_LIMITED", waitMessage(retryAfterSeconds), {
    "retry-after": seconds,
    "x-retry-after": seconds,
  });
}

/** The counter this request is limited by, beyond the per-IP one: its address or account. */
async function attemptKey(
  c: Context<AppEnv>,
  path: string,
  body: Record<string, unknown> | null,
): Promise<{ key: string; rule: AttemptRule } | undefined> {
  const rule = PER_ADDRESS_LIMITS[path as keyof typeof PER_ADDRESS_LIMITS];
  if (rule && typeof body?.email === "string") {
    return { key: `${path}:${body.email.trim().toLowerCase()}`, rule };
  }
  if (path === "/reset-password" && typeof body?.token === "string") {
    const userId = await findResetTokenUserId(c.var.deps.database.db, body.token);
    if (userId) return { key: `${path}:${userId}`, rule: PASSWORD_RESET_PER_ACCOUNT };
  }
  return undefined;
}

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const value = await request.clone().json();
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Rewrites Better Auth's error answers into the product's words (same JSON shape). */
async function explain(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("json")) {
    return response;
  }
  if (response.status === 429) {
    return tooMany(Number(response.headers.get("x-retry-after")) || 60);
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  const message = body?.code ? MESSAGES[body.code] : undefined;
  if (!message) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, message }), { status: response.status, headers });
}

/**
 * Better Auth also reads form-encoded and multipart bodies, which the counters below (reading
 * JSON) would miss: every body sent to an auth endpoint must be JSON, as the web client sends.
 * OAuth providers' callbacks are the exception (Apple posts a form).
 */
function refusesBody(path: string, contentType: string | undefined, body: ArrayBuffer): boolean {
  if (body.byteLength === 0 || path.startsWith("/callback/")) return false;
  return !JSON_CONTENT_TYPE.test(contentType ?? "");
}

/** A new password on the common-password list (Better Auth checks the length itself). */
function isCommonNewPassword(path: string, json: Record<string, unknown> | null): boolean {
  const field = NEW_PASSWORD_FIELDS[path];
  const password = field ? json?.[field] : undefined;
  return typeof password === "string" && isCommonPassword(password);
}

/**
 * Everything under /api/auth goes to Better Auth through here: the client's address is set
 * from the connection (Better Auth's per-IP limits), bodies must be JSON, requests naming an
 * address or account are counted against it, and sign-up's extra fields and new passwords
 * are checked.
 */
export async function handleAuthRequest(c: Context<AppEnv>): Promise<Response> {
  const { auth, database, log } = c.var.deps;
  const raw = c.req.raw;
  const headers = new Headers(raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c));
  const body = raw.method === "POST" ? await raw.arrayBuffer() : undefined;
  const request = new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
  // Lower case, no trailing slash: a spelling Better Auth might route the same is counted the same.
  const path = new URL(raw.url).pathname.slice(AUTH_BASE.length).toLowerCase().replace(/\/+$/, "");
  if (body && refusesBody(path, raw.headers.get("content-type") ?? undefined, body)) {
    return authError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Send this request as JSON (Content-Type: application/json).",
    );
  }
  const json = body ? await readJson(request) : null;
  // PostgreSQL text cannot hold NUL: refused here, as every other route's validation does.
  const nulAt = nulCharacterAt(json);
  if (nulAt !== undefined) {
    return authError(400, "VALIDATION_FAILED", `${nulAt}: Text must not contain the NUL character`);
  }

  if (path === "/sign-up/email") {
    const extras = ZSignUpExtras.safeParse(json ?? {});
    if (!extras.success) {
      return authError(
        400,
        "VALIDATION_FAILED",
        extras.error.issues[0]?.message ?? "Invalid sign-up",
      );
    }
    if (extras.data.signedUpAs === "creator" && !extras.data.location) {
      return authError(400, "VALIDATION_FAILED", "Please enter your location (City, State).");
    }
  }

  if (isCommonNewPassword(path, json)) {
    return authError(400, "PASSWORD_TOO_COMMON", COMMON_PASSWORD_MESSAGE);
  }

  if (raw.method === "POST" && path === SIGN_IN_PATH && typeof json?.email === "string") {
    const throttle = await throttleSignIn(c, json.email.trim().toLowerCase());
    if (throttle.refused) return tooMany(throttle.retryAfterSeconds);
    return throttle.settle(await explain(await auth.handler(request)));
  }

  const limit = raw.method === "POST" ? await attemptKey(c, path, json) : undefined;
  if (limit) {
    const attempts = await countAttempt(database.db, limit.key, limit.rule.windowSeconds);
    pruneAttemptsSometimes(database.db, (err) => log.warn({ err }, "pruning attempts failed"));
    if (attempts.count > limit.rule.max) {
      return tooMany(secondsUntilWindowCloses(attempts, limit.rule.windowSeconds));
    }
  }

  return explain(await auth.handler(request));
}
