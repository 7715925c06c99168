import type { Context } from "hono";
import { getAdminAccess } from "../features/admin/service.ts";
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

/**
 * The signed-in staff member. 401 without a session, 403 without an active admin_users row.
 * Checked on every request, so deactivating an admin takes effect at once.
 */
export async function requireAdmin(c: Context<AppEnv>) {
  const user = await requireUser(c);
  const admin = await getAdminAccess(c.var.deps.database.db, user.id);
  if (!admin) throw new AppError("forbidden", "Admin access required");
  return { user, admin };
}
