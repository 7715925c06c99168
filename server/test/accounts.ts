import { randomBytes } from "node:crypto";
import { createVerifiedAccount } from "../features/accounts/service.ts";
import type { TestApp } from "./test-app.ts";

export const TEST_PASSWORD = "correct horse battery";

export type TestAccount = {
  userId: string;
  email: string;
  password: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
};

export const testEmail = (label = "user") =>
  `${label}-${randomBytes(5).toString("hex")}@example.test`;

/** Turns a response's Set-Cookie headers into the Cookie header a browser would send. */
export function cookieFrom(response: Response | Headers): string {
  const headers = response instanceof Headers ? response : response.headers;
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** JSON request options, with the session cookie and the Origin Better Auth checks. */
export function jsonInit(
  app: TestApp,
  method: string,
  body?: unknown,
  cookie?: string,
): RequestInit {
  return {
    method,
    headers: {
      "content-type": "application/json",
      origin: app.url,
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** Signs in through the real HTTP endpoint (rate limits apply); returns the Cookie header. */
export async function signIn(app: TestApp, email: string, password = TEST_PASSWORD) {
  const response = await app.fetch(
    "/api/auth/sign-in/email",
    jsonInit(app, "POST", { email, password }),
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieFrom(response);
}

/**
 * A verified account with a password and a signed-in session. The session is made through
 * Better Auth's server API, so creating many users never trips the HTTP rate limits.
 */
export async function createVerifiedUser(
  app: TestApp,
  options: { email?: string; password?: string; name?: string; admin?: { role: string } } = {},
): Promise<TestAccount> {
  const email = (options.email ?? testEmail()).toLowerCase();
  const password = options.password ?? TEST_PASSWORD;
  const { userId } = await createVerifiedAccount(app.deps, {
    email,
    password,
    name: options.name ?? "Test User",
    admin: options.admin,
  });
  const { headers } = await app.deps.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  return { userId, email, password, cookie: cookieFrom(headers) };
}

/** A signed-in staff member (role super_admin unless given). */
export function createAdmin(
  app: TestApp,
  options: { email?: string; password?: string; name?: string; role?: string } = {},
): Promise<TestAccount> {
  const { role, ...rest } = options;
  return createVerifiedUser(app, {
    name: "Admin User",
    ...rest,
    admin: { role: role ?? "super_admin" },
  });
}
