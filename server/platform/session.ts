import type { Context } from "hono";
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

/** A signed-in user with an active admin_users row; 401 without a session, 403 otherwise. */
export async function requireAdmin(c: Context<AppEnv>) {
  const user = await requireUser(c);
  const admin = await c.var.deps.database.db
    .selectFrom("admin_users")
    .select(["role", "last_login_at as lastLoginAt"])
    .where("user_id", "=", user.id)
    .where("is_active", "=", true)
    .executeTakeFirst();
  if (!admin) throw new AppError("forbidden", "Admin access required");
  return { user, admin };
}
