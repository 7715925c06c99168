import { ServerResponse } from "node:http";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { ErrorCode } from "../../contracts/errors.ts";
import type {
  AccessLevel,
  AccessOptions,
  AdminAccess,
  CreatorAccess,
  RoleLookup,
  SessionUser,
} from "./access.ts";
import { hasBody } from "./body-limit.ts";
import type { AppDeps } from "./deps.ts";
import { AppError, errorBody, HTTP_STATUS_BY_CODE } from "./errors.ts";

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** The creator and admin lookups behind the access levels (set by the app). */
    roles: RoleLookup;
    /** The route's declared access, set by its guard (see access.ts). */
    access?: { level: AccessLevel; options: AccessOptions };
    /** The caller, set by the access guard for the levels that know one. */
    user?: SessionUser;
    creator?: CreatorAccess;
    admin?: AdminAccess;
  };
};

/**
 * Node's response to the request (@hono/node-server's `outgoing` binding), for what must
 * outlive the handler without Hono: an event stream writes it, the connection cap watches it
 * close. Undefined when the app runs without the Node adapter (e.g. `app.request` in a test).
 */
export function nodeResponse(c: Context<AppEnv>): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof ServerResponse ? outgoing : undefined;
}

function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Where in a validated input a string holds U+0000, e.g. `body`, `tags.2`; "" for the input
 * itself. PostgreSQL text cannot store the character, so it is refused here for every route.
 */
export function nulCharacterAt(value: unknown, at: string[] = []): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? at.join(".") : undefined;
  if (!value || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterAt(item, [...at, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A router for one feature; a request that fails its schema gets the one error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      const nulAt = result.success ? nulCharacterAt(result.data) : undefined;
      if (result.success && nulAt === undefined) return;
      // A path that names no record is unknown, however it is spelled (contracts/common.ts idParam).
      if (result.target === "param") {
        const message = result.success
          ? "Not found"
          : (result.error.issues[0]?.message ?? "Not found");
        return c.json(errorBody("not_found", message), 404);
      }
      const message = result.success
        ? `${nulAt ? `${nulAt}: ` : ""}Text must not contain the NUL character`
        : describeZodError(result.error);
      return c.json(errorBody("validation_failed", message), 400);
    },
  });
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

export function respondWithError(error: unknown, c: Context<AppEnv>) {
  // A refusal before the body was read (401, 403) leaves it unread: close the connection.
  if (hasBody(c) && !c.req.raw.bodyUsed) c.header("Connection", "close");
  if (error instanceof AppError) {
    const status = HTTP_STATUS_BY_CODE[error.code] as ContentfulStatusCode;
    return c.json(errorBody(error.code, error.message, error.warnings), status);
  }
  if (error instanceof ZodError) {
    return c.json(errorBody("validation_failed", describeZodError(error)), 400);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = STATUS_CODES[error.status] ?? "bad_request";
    return c.json(errorBody(code, error.message || "Bad request"), error.status);
  }
  c.var.deps.log.error({ err: error, path: c.req.path, requestId: c.var.requestId }, "unhandled");
  return c.json(errorBody("internal", "Something went wrong. Please try again."), 500);
}
