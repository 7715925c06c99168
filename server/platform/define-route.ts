import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { ZErrorResponse } from "../../contracts/errors.ts";
import { type AccessLevel, type LevelEnv, requireAccess } from "./access.ts";
import { DEFAULT_BODY_LIMIT_BYTES, limitBody } from "./body-limit.ts";
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

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: ZErrorResponse } },
});
const REFUSALS: Record<AccessLevel, Record<number, ReturnType<typeof error>>> = {
  public: {},
  signedIn: { 401: error("Not signed in") },
  creator: { 401: error("Not signed in"), 403: error("No approved creator profile") },
  admin: {
    401: error("Not signed in, or the staff session is over 12 hours old"),
    403: error(
      "Not an active staff member (forbidden), two-factor sign-in not set up (enrolment_required) or not passed (two_factor_required)",
    ),
  },
  internal: { 401: error("No control token") },
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
    responses["4XX" as unknown as number] = error("The request was refused");
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
