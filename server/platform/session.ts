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
