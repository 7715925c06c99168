import type { Context, MiddlewareHandler } from "hono";
// biome-ignore lint/style/noRestrictedImports: the route-access change removes this import (issue 9, section 1).
import { type AdminAccess, getAdminAccess } from "../features/admin/service.ts";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./http.ts";

/** The signed-in user and session from the request's cookie, or null. */
export async function getSession(c: Context<AppEnv>) {
  return c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
}

export async function requireUser(c: Context<AppEnv>) {
  const session = await getSession(c);
  if (!session) throw new AppError("unauthenticated", "Authentication required");
  return session.user;
}

type AdminContext = { user: Awaited<ReturnType<typeof requireUser>>; admin: AdminAccess };

// One check per request, shared by the /api/admin/* guard and the route that calls it again.
const checked = new WeakMap<Request, Promise<AdminContext>>();

/**
 * The signed-in staff member. 401 without a session, 403 without an active admin_users row.
 * Checked on every request, so deactivating an admin takes effect at once.
 */
export function requireAdmin(c: Context<AppEnv>): Promise<AdminContext> {
  let result = checked.get(c.req.raw);
  if (!result) {
    result = (async () => {
      const user = await requireUser(c);
      const admin = await getAdminAccess(c.var.deps.database.db, user.id);
      if (!admin) throw new AppError("forbidden", "Admin access required");
      return { user, admin };
    })();
    checked.set(c.req.raw, result);
  }
  return result;
}

/**
 * Guards everything under /api/admin before any request validation runs, so every admin
 * route (present and future) answers 401/403 to outsiders whatever they send.
 */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireAdmin(c);
  await next();
};
