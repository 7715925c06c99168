import type { Context, MiddlewareHandler } from "hono";
import type { Auth } from "./auth.ts";
import { controlTokenMatches } from "./control-channel.ts";
import type { AppDeps } from "./deps.ts";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./http.ts";

/**
 * Who may call a route, declared once on its definition (see docs/decisions/005):
 * - public: anyone;
 * - signedIn: any signed-in account (401 without a session);
 * - creator: signed in with an approved creator profile (401, else 403);
 * - admin: an active staff row and a session that passed the second factor, at most
 *   STAFF_SESSION_HOURS old (401; 403 forbidden, enrolment_required or two_factor_required);
 * - internal: the app's own tooling with the control token, never a browser session (401).
 */
export const ACCESS_LEVELS = ["public", "signedIn", "creator", "admin", "internal"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type SessionUser = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>["user"];
export type CreatorAccess = { profileId: string };
export type AdminAccess = { role: string; lastLoginAt: string | null };

/** The domain lookups behind the creator and admin levels; the app passes them in (app.ts). */
export type RoleLookup = {
  admin(userId: string): Promise<AdminAccess | undefined>;
  creator(userId: string): Promise<CreatorAccess | undefined>;
};

export const ACCESS_REFUSALS = {
  unauthenticated: "Authentication required",
  notCreator: "You need an approved creator profile.",
  notAdmin: "Admin access required",
  enrolmentRequired: "Set up two-factor sign-in to use the admin area.",
  twoFactorRequired: "Sign in with your authentication code to use the admin area.",
  staffSessionEnded: "Your staff session has ended. Please sign in again.",
} as const;

/** A staff session's absolute lifetime, however active it is (docs/decisions/015). */
export const STAFF_SESSION_HOURS = 12;

/** What each level puts on the context for the handler. */
type LevelVariables = {
  public: object;
  signedIn: { user: SessionUser };
  creator: { user: SessionUser; creator: CreatorAccess };
  admin: { user: SessionUser; admin: AdminAccess };
  internal: object;
};
export type LevelEnv<L extends AccessLevel> = {
  Variables: AppEnv["Variables"] & LevelVariables[L];
};

export type AccessOptions = {
  /** The 403 message for a signed-in caller below the level, when the screen words it itself. */
  forbidden?: string;
};

/** The signed-in user and session from the request's cookie, or null. */
export async function getSession<E extends AppEnv>(c: Context<E>) {
  return c.var.deps.sessionCache.lookup(c.req.raw.headers);
}

/**
 * The same for a request's `Cookie` header kept after it (an open event stream looks its
 * reader up again without keeping the whole request).
 */
export async function getSessionByCookie(deps: Pick<AppDeps, "sessionCache">, cookie: string) {
  return deps.sessionCache.lookup(new Headers({ cookie }));
}

/**
 * Decides whether the request's caller meets `level`; returns what the handler gets on the
 * context, or throws the refusal (401/403). Runs again on open streams (see sse.ts).
 */
export async function resolveCaller<E extends AppEnv>(
  c: Context<E>,
  level: AccessLevel,
  options: AccessOptions = {},
): Promise<Record<string, unknown>> {
  if (level === "public") return {};
  if (level === "internal") {
    if (!controlTokenMatches(c.req.header("authorization"))) {
      throw new AppError("unauthenticated", ACCESS_REFUSALS.unauthenticated);
    }
    return {};
  }
  const session = await getSession(c);
  if (!session) throw new AppError("unauthenticated", ACCESS_REFUSALS.unauthenticated);
  const { user } = session;
  if (level === "signedIn") return { user };
  if (level === "creator") {
    const creator = await c.var.roles.creator(user.id);
    if (!creator) throw new AppError("forbidden", options.forbidden ?? ACCESS_REFUSALS.notCreator);
    return { user, creator };
  }
  const admin = await c.var.roles.admin(user.id);
  if (!admin) throw new AppError("forbidden", options.forbidden ?? ACCESS_REFUSALS.notAdmin);
  await requireStaffSession(c, session);
  return { user, admin };
}

type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>;

/** Staff sessions: enrolled in two-factor sign-in, passed it, and younger than the limit. */
async function requireStaffSession<E extends AppEnv>(c: Context<E>, { user, session }: Session) {
  if (!user.twoFactorEnabled) {
    throw new AppError("enrolment_required", ACCESS_REFUSALS.enrolmentRequired);
  }
  if (!session.twoFactorVerified) {
    throw new AppError("two_factor_required", ACCESS_REFUSALS.twoFactorRequired);
  }
  const ageMs = Date.now() - new Date(session.createdAt).getTime();
  if (ageMs > STAFF_SESSION_HOURS * 60 * 60 * 1000) {
    const { internalAdapter } = await c.var.deps.auth.$context;
    await internalAdapter.deleteSession(session.token);
    throw new AppError("unauthenticated", ACCESS_REFUSALS.staffSessionEnded);
  }
}

const declaredLevels = new WeakMap<object, AccessLevel>();

/** The level a handler in the router's table enforces, if it is an access guard. */
export function declaredAccess(handler: unknown): AccessLevel | undefined {
  return typeof handler === "function" ? declaredLevels.get(handler) : undefined;
}

/**
 * The guard every route starts with: refuses callers below `level` before any validation,
 * body reading or side effect, and sets the caller (`c.var.user`, `.creator`, `.admin`).
 */
export function requireAccess<L extends AccessLevel>(
  level: L,
  options: AccessOptions = {},
): MiddlewareHandler<LevelEnv<L>> {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const caller = await resolveCaller(c, level, options);
    for (const [key, value] of Object.entries(caller)) c.set(key as "user", value as never);
    c.set("access", { level, options });
    await next();
  };
  declaredLevels.set(guard, level);
  return guard as unknown as MiddlewareHandler<LevelEnv<L>>;
}
