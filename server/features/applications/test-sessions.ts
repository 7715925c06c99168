import { createAdmin, createUser, uniqueEmail } from "../../db/factories.ts";
import type { TestApp } from "../../test/test-app.ts";

const PASSWORD = "correct-horse-battery";
let signIns = 1;

/** Signs a verified user in through the real auth endpoint; returns the Cookie header. */
export async function signIn(app: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await app.fetch("/api/auth/sign-in/email", {
    method: "POST",
    // Each sign-in from its own address, so the per-IP sign-in rate limit never trips tests.
    headers: {
      "content-type": "application/json",
      origin: app.url,
      "x-forwarded-for": `10.${signIns >> 16}.${(signIns >> 8) & 255}.${signIns++ & 255}`,
    },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export async function adminSession(app: TestApp) {
  const user = await createAdmin(app.database.db, {
    email: uniqueEmail("admin"),
    password: PASSWORD,
  });
  return { user, cookie: await signIn(app, user.email) };
}

export async function userSession(app: TestApp, email = uniqueEmail("user")) {
  const user = await createUser(app.database.db, { email, password: PASSWORD });
  return { user, cookie: await signIn(app, user.email) };
}

export function jsonRequest(method: string, body: unknown, cookie?: string, headers = {}) {
  return {
    method,
    headers: {
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  } satisfies RequestInit;
}
