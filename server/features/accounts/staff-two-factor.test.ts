import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_SESSION_HOURS } from "../../platform/access.ts";
import { totpCode, totpSecretFromUri } from "../../platform/totp.ts";
import {
  cookieFrom,
  createAdmin,
  createVerifiedUser,
  jsonInit,
  TEST_PASSWORD,
} from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await app?.close();
});

// Each test speaks from its own client address, so per-IP limits never mix tests up.
let ipCounter = 10;
function client() {
  const ip = `198.51.100.${ipCounter++}`;
  return (path: string, method = "GET", body?: unknown, cookie?: string) => {
    const init = jsonInit(app, method, body, cookie);
    (init.headers as Record<string, string>)["x-forwarded-for"] = ip;
    return app.fetch(path, init);
  };
}
type Client = ReturnType<typeof client>;

async function errorCode(response: Response) {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

/** Password sign-in: the answer and the cookie it leaves (a challenge, or a session). */
async function signIn(call: Client, email: string) {
  const response = await call("/api/auth/sign-in/email", "POST", {
    email,
    password: TEST_PASSWORD,
  });
  expect(response.status).toBe(200);
  return { body: await response.json(), cookie: cookieFrom(response) };
}

async function setSessionAge(cookie: string, hours: number) {
  const token = decodeURIComponent(cookie.match(/session_token=([^;]+)/)?.[1] ?? "").split(".")[0];
  await app.deps.database.db
    .updateTable("session")
    .set({ createdAt: new Date(Date.now() - hours * 60 * 60 * 1000) })
    .where("token", "=", token ?? "")
    .execute();
}

describe("staff two-factor sign-in", () => {
  it("sends staff who have not enrolled to enrolment, and lets them in after one code", async () => {
    const call = client();
    const staff = await createAdmin(app, { enrol: false });
    const before = await call("/api/admin/me", "GET", undefined, staff.cookie);
    expect(before.status).toBe(403);
    expect(await errorCode(before)).toBe("enrolment_required");

    const enable = await call(
      "/api/auth/two-factor/enable",
      "POST",
      { password: TEST_PASSWORD },
      staff.cookie,
    );
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as {
      totpURI: string;
      backupCodes: string[];
    };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/ShutterHail:/);
    expect(backupCodes).toHaveLength(10);
    // Not enrolled until a code from the app proves the secret arrived.
    const pending = await call("/api/admin/me", "GET", undefined, staff.cookie);
    expect(await errorCode(pending)).toBe("enrolment_required");

    const code = await totpCode(totpSecretFromUri(totpURI));
    const verified = await call("/api/auth/two-factor/verify-totp", "POST", { code }, staff.cookie);
    expect(verified.status).toBe(200);
    const after = await call("/api/admin/me", "GET", undefined, cookieFrom(verified));
    expect(after.status).toBe(200);
  });

  it("refuses admin routes after the password alone, and opens them with a valid code", async () => {
    const call = client();
    const staff = await createAdmin(app);
    const { body, cookie } = await signIn(call, staff.email);
    expect(body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const withoutCode = await call("/api/admin/me", "GET", undefined, cookie);
    expect(withoutCode.status).toBe(401);

    const wrong = await call(
      "/api/auth/two-factor/verify-totp",
      "POST",
      { code: "000000" },
      cookie,
    );
    expect(wrong.status).toBe(401);
    const code = await totpCode(staff.totpKey ?? "");
    const right = await call("/api/auth/two-factor/verify-totp", "POST", { code }, cookie);
    expect(right.status).toBe(200);
    expect((await call("/api/admin/me", "GET", undefined, cookieFrom(right))).status).toBe(200);
  });

  it("accepts a recovery code once", async () => {
    const call = client();
    const staff = await createAdmin(app);
    const code = staff.backupCodes?.[0] ?? "";
    const signInWithRecoveryCode = async () => {
      const { cookie } = await signIn(call, staff.email);
      return call("/api/auth/two-factor/verify-backup-code", "POST", { code }, cookie);
    };
    const used = await signInWithRecoveryCode();
    expect(used.status).toBe(200);
    expect((await call("/api/admin/me", "GET", undefined, cookieFrom(used))).status).toBe(200);
    expect((await signInWithRecoveryCode()).status).toBe(401);
  });

  it("refuses a staff session that did not pass the second factor", async () => {
    const call = client();
    const staff = await createAdmin(app);
    // As a session made by an email link or before enrolment would be.
    await app.deps.database.db
      .updateTable("session")
      .set({ twoFactorVerified: false })
      .where("userId", "=", staff.userId)
      .execute();
    const response = await call("/api/admin/me", "GET", undefined, staff.cookie);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("two_factor_required");
  });

  it(`ends a staff session ${STAFF_SESSION_HOURS} hours after sign-in, however active`, async () => {
    const call = client();
    const staff = await createAdmin(app);
    await setSessionAge(staff.cookie, STAFF_SESSION_HOURS - 1);
    expect((await call("/api/admin/me", "GET", undefined, staff.cookie)).status).toBe(200);

    await setSessionAge(staff.cookie, STAFF_SESSION_HOURS + 0.1);
    const ended = await call("/api/admin/me", "GET", undefined, staff.cookie);
    expect(ended.status).toBe(401);
    const session = await call("/api/auth/get-session", "GET", undefined, staff.cookie);
    expect(await session.json()).toBeNull();
  });

  it("leaves accounts without staff access as they were", async () => {
    const call = client();
    const user = await createVerifiedUser(app);
    const { body, cookie } = await signIn(call, user.email);
    expect(body).not.toHaveProperty("twoFactorRedirect");
    const session = await call("/api/auth/get-session", "GET", undefined, cookie);
    expect(await session.json()).toMatchObject({ user: { email: user.email } });
    await setSessionAge(cookie, STAFF_SESSION_HOURS + 1);
    const stillSignedIn = await call("/api/auth/get-session", "GET", undefined, cookie);
    expect(await stillSignedIn.json()).toMatchObject({ user: { email: user.email } });
    const admin = await call("/api/admin/me", "GET", undefined, cookie);
    expect(admin.status).toBe(403);
    expect(await errorCode(admin)).toBe("forbidden");
  });
});
