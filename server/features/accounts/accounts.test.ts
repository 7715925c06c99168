import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, jsonInit, testEmail } from "../../test/accounts.ts";
import { startTestSmtp, type TestSmtp } from "../../test/smtp.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

// Each test speaks from its own client address, so per-IP limits never mix tests up.
let ipCounter = 10;
function client() {
  const ip = `203.0.113.${ipCounter++}`;
  return (path: string, method: string, body?: unknown, cookie?: string) => {
    const init = jsonInit(app, method, body, cookie);
    (init.headers as Record<string, string>)["x-forwarded-for"] = ip;
    return app.fetch(path, init);
  };
}

const PASSWORD = "a good long password";

async function signUp(call: ReturnType<typeof client>, email: string, extra: object = {}) {
  return call("/api/auth/sign-up/email", "POST", {
    email,
    password: PASSWORD,
    name: "Avery Client",
    callbackURL: `${app.url}/`,
    ...extra,
  });
}

describe("sign-up with email verification", () => {
  it("keeps the name and creator details, mails a link back to the site that verifies", async () => {
    const call = client();
    const email = testEmail("creator");
    const response = await signUp(call, email, {
      name: "Casey Creator",
      location: "Miami, FL",
      signedUpAs: "creator",
    });
    expect(response.status).toBe(200);
    const user = await app.database.db
      .selectFrom("user")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      name: "Casey Creator",
      location: "Miami, FL",
      signedUpAs: "creator",
      emailVerified: false,
    });

    const signInBefore = await call("/api/auth/sign-in/email", "POST", {
      email,
      password: PASSWORD,
    });
    expect(signInBefore.status).toBe(403);
    expect((await signInBefore.json()).message).toMatch(/confirm your email/i);

    const mail = await smtp.waitForMail({ to: email, subject: "Confirm your ShutterHail account" });
    const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(app.url);
    expect(url.searchParams.get("callbackURL")).toBe(`${app.url}/`);

    const verified = await fetch(link!, { redirect: "manual" });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe(`${app.url}/`);
    const session = await call("/api/auth/get-session", "GET", undefined, cookieFrom(verified));
    expect((await session.json()).user.email).toBe(email);

    const signIn = await call("/api/auth/sign-in/email", "POST", { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
  });
});
