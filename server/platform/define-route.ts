import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { ZodType } from "zod";
import { ZErrorResponse } from "../../contracts/errors.ts";
import { type AccessLevel, type LevelEnv, requireAccess } from "./access.ts";
import { DEFAULT_BODY_LIMIT_BYTES, limitBody } from "./body-limit.ts";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./http.ts";

/** The security schemes the document declares (registered in api-docs.ts). */
export const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "The session cookie set by signing in (/api/auth/sign-in/*).",
  },
  controlToken: {
    type: "http",
    scheme: "bearer",
    description: "The token the running app wrote to DATA_DIR/control.json.",
  },
} as const;

const SECURITY: Record<AccessLevel, Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>[]> = {
  public: [],
  signedIn: [{ session: [] }],
  creator: [{ session: [] }],
  admin: [{ session: [] }],
  internal: [{ controlToken: [] }],
};

const ACCESS_LINES: Record<AccessLevel, string> = {
  public: "Access: public (anyone).",
  signedIn: "Access: signedIn (any signed-in account).",
  creator: "Access: creator (signed in with an approved creator profile).",
  admin:
    "Access: admin (an active staff member whose session passed two-factor sign-in less than 12 hours ago).",
  internal: "Access: internal (the app's own tooling, with the control token).",
};

// The helpers every route file describes its bodies and responses with (defined here only;
// server/architecture/route-helpers.unit.test.ts refuses a route file's own copy).

/** A JSON body or response content of a contract schema. */
export const json = <T extends ZodType>(schema: T) => ({ "application/json": { schema } });

/** A JSON response: what it means and its contract schema. */
export const jsonResponse = <T extends ZodType>(schema: T, description: string) => ({
  description,
  content: json(schema),
});

/** A refusal in the one error shape ({ error: { code, message } }). */
export const failure = (description: string) => jsonResponse(ZErrorResponse, description);

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The retry key a client sent in `header` (e.g. Idempotency-Key), if any; a malformed one is
 * refused with a 400 naming the header. The service stores the first response under it
 * (platform/idempotency.ts), so a repeated submit answers the same thing and creates nothing.
 */
export function idempotencyKey(c: Pick<Context, "req">, header: string): string | undefined {
  const key = c.req.header(header);
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError("bad_request", `${header} must be 8-128 letters, digits, - or _`);
  }
  return key;
}

const REFUSALS: Record<AccessLevel, Record<number, ReturnType<typeof failure>>> = {
  public: {},
  signedIn: { 401: failure("Not signed in") },
  creator: { 401: failure("Not signed in"), 403: failure("No approved creator profile") },
  admin: {
    401: failure("Not signed in, or the staff session is over 12 hours old"),
    403: failure(
      "Not an active staff member (forbidden), two-factor sign-in not set up (enrolment_required) or not passed (two_factor_required)",
    ),
  },
  internal: { 401: failure("No control token") },
};

/** `GET /admin/applications/{id}` → `getAdminApplicationsById`. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, "by-$1"))
    .flatMap((segment) => segment.split(/[-_]/));
  const capitalized = words.map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`);
  return `${method.toLowerCase()}${capitalized.join("")}`;
}

type RouteInput = Omit<RouteConfig, "middleware"> & {
  /** Who may call the route: enforced before anything else runs, and written into the document. */
  access: AccessLevel;
  /** The 403 message for signed-in callers below the level (default: the level's own). */
  forbidden?: string;
  /** Middleware that runs after the access check (e.g. a rate limit). */
  middleware?: MiddlewareHandler<AppEnv>[];
  /** The largest body the route reads (default DEFAULT_BODY_LIMIT_BYTES); only uploads need more. */
  bodyLimit?: number;
};

type DefinedRoute<R extends RouteInput> = Omit<
  R,
  "access" | "forbidden" | "middleware" | "bodyLimit"
> & {
  middleware: [MiddlewareHandler<LevelEnv<R["access"]>>];
};

/**
 * An OpenAPI route with its access level: the level's guard runs first, then the route's own
 * middleware (rate limits), then the body limit, and only then validation reads the body. The
 * handler finds the caller on `c.var`, and the document gets the security requirement, an
 * "Access: …" line, the refusals (401/403), an operationId and a 4XX response.
 */
export function defineRoute<P extends string, R extends Omit<RouteInput, "path"> & { path: P }>(
  route: R,
): DefinedRoute<R> {
  const { access, forbidden, middleware = [], bodyLimit, ...config } = route;
  const responses = { ...REFUSALS[access], ...config.responses };
  if (!Object.keys(responses).some((code) => code.startsWith("4"))) {
    responses["4XX" as unknown as number] = failure("The request was refused");
  }
  const defined = createRoute({
    ...config,
    middleware: [
      requireAccess(access, { forbidden }),
      ...middleware,
      limitBody(bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES),
    ],
    operationId: config.operationId ?? operationIdFor(config.method, config.path),
    security: SECURITY[access],
    description: [ACCESS_LINES[access], config.description].filter(Boolean).join(" "),
    responses,
  });
  return defined as unknown as DefinedRoute<R>;
}
