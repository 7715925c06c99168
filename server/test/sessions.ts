import { createAdmin, createVerifiedUser } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

/** A signed-in admin: { user: { id, email }, cookie }. */
export async function adminSession(app: TestApp) {
  const account = await createAdmin(app);
  return { user: { id: account.userId, email: account.email }, cookie: account.cookie };
}

/** A signed-in verified user with the given address. */
export async function userSession(app: TestApp, email?: string) {
  const account = await createVerifiedUser(app, { email });
  return { user: { id: account.userId, email: account.email }, cookie: account.cookie };
}

export function jsonRequest(
  method: string,
  body: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  } satisfies RequestInit;
}
