import { randomBytes } from "node:crypto";
import { createVerifiedAccount } from "../features/accounts/service.ts";
import { createStaffAccount } from "../features/staff/staff-access.ts";
import { totpCode, totpSecretFromUri } from "../platform/totp.ts";
import type { TestApp } from "./test-app.ts";

export const TEST_PASSWORD = "correct horse battery";

export type TestAccount = {
  userId: string;
  email: string;
  password: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
  /** Staff only: the authenticator key (Base32) and recovery codes, once enrolled. */
  totpKey?: string;
  backupCodes?: string[];
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
 * Enrols a signed-in account in two-factor sign-in as the enrolment screen does (enable,
 * then verify one code); returns the new session's cookie, the key and the recovery codes.
 */
export async function enrolTwoFactor(app: TestApp, cookie: string, password: string) {
  const headers = new Headers({ cookie });
  const enabled = await app.deps.auth.api.enableTwoFactor({ body: { password }, headers });
  if (!("totpURI" in enabled) || !enabled.totpURI) throw new Error("no TOTP URI");
  const totpKey = totpSecretFromUri(enabled.totpURI);
  const verified = await app.deps.auth.api.verifyTOTP({
    body: { code: await totpCode(totpKey) },
    headers,
    returnHeaders: true,
  });
  return { cookie: cookieFrom(verified.headers), totpKey, backupCodes: enabled.backupCodes ?? [] };
}

/**
 * A verified account with a password and a signed-in session. The session is made through
 * Better Auth's server API, so creating many users never trips the HTTP rate limits. Staff
 * (`admin`) are enrolled in two-factor sign-in unless `enrol` is false.
 */
export async function createVerifiedUser(
  app: TestApp,
  options: {
    email?: string;
    password?: string;
    name?: string;
    admin?: { role: string };
    enrol?: boolean;
  } = {},
): Promise<TestAccount> {
  const email = (options.email ?? testEmail()).toLowerCase();
  const password = options.password ?? TEST_PASSWORD;
  const account_ = { email, password, name: options.name ?? "Test User" };
  const { userId } = options.admin
    ? await createStaffAccount(app.deps, { ...account_, role: options.admin.role })
    : await createVerifiedAccount(app.deps, account_);
  const { headers } = await app.deps.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const account = { userId, email, password, cookie: cookieFrom(headers) };
  if (!options.admin || options.enrol === false) return account;
  return { ...account, ...(await enrolTwoFactor(app, account.cookie, password)) };
}

/** A signed-in staff member (role super_admin unless given). */
export function createAdmin(
  app: TestApp,
  options: {
    email?: string;
    password?: string;
    name?: string;
    role?: string;
    enrol?: boolean;
  } = {},
): Promise<TestAccount> {
  const { role, ...rest } = options;
  return createVerifiedUser(app, {
    name: "Admin User",
    ...rest,
    admin: { role: role ?? "super_admin" },
  });
}
