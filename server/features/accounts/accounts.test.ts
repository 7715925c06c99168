import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, jsonInit, testEmail } from "../../test/accounts.ts";
import { startTestSmtp, type TestSmtp } from "../../test/smtp.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { createVerifiedAccount } from "./service.ts";

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

    // argon2id at OWASP's parameters, not the library's default scrypt.
    const account = await app.database.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe("social sign-in", () => {
  it("is offered only when configured, and then redirects to the provider", async () => {
    expect(await (await app.fetch("/api/accounts/providers")).json()).toEqual({ social: [] });
    const configured = await startTestApp({
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
    });
    try {
      const providers = await (await configured.fetch("/api/accounts/providers")).json();
      expect(providers).toEqual({ social: ["google"] });
      const start = await configured.fetch(
        "/api/auth/sign-in/social",
        jsonInit(configured, "POST", { provider: "google", callbackURL: "/" }),
      );
      expect(start.status).toBe(200);
      const { url } = await start.json();
      expect(new URL(url).hostname).toBe("accounts.google.com");
      expect(new URL(url).searchParams.get("client_id")).toBe("google-id");
    } finally {
      await configured.close();
    }
  }, 120_000);
});

describe("sign-up checks", () => {
  it("checks password length on the server with a clear message", async () => {
    const call = client();
    const short = await signUp(call, testEmail(), { password: "short" });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("Password must be at least 8 characters.");
    const long = await signUp(call, testEmail(), { password: "x".repeat(129) });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toBe("Password must be at most 128 characters.");
  });

  it("refuses a common password, whatever its case", async () => {
    const call = client();
    for (const password of ["password123", "Iloveyou1"]) {
      const email = testEmail("common");
      const response = await signUp(call, email, { password });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe("This password is too common. Choose another.");
      const created = await app.database.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .execute();
      expect(created).toEqual([]);
    }
    // Accounts made without HTTP (seed, tests) are held to the same list.
    await expect(
      createVerifiedAccount(app.deps, { email: testEmail(), password: "sunshine1", name: "Sun" }),
    ).rejects.toThrow("This password is too common. Choose another.");
  });

  it("requires a name, and a location for creators", async () => {
    const call = client();
    const noName = await signUp(call, testEmail(), { name: "  " });
    expect(noName.status).toBe(400);
    expect((await noName.json()).message).toBe("Please enter your full name.");
    const noLocation = await signUp(call, testEmail(), { signedUpAs: "creator" });
    expect(noLocation.status).toBe(400);
    expect((await noLocation.json()).message).toMatch(/location/);
    const badKind = await signUp(call, testEmail(), { signedUpAs: "admin" });
    expect(badKind.status).toBe(400);
  });

  it("answers a taken address like a new one and tells its owner instead", async () => {
    const call = client();
    const email = testEmail("taken");
    expect((await signUp(call, email)).status).toBe(200);
    const again = await signUp(call, email, { name: "Someone Else" });
    expect(again.status).toBe(200);
    await smtp.waitForMail({ to: email, subject: "You already have a ShutterHail account" });
  });
});

async function verifiedAccount(call: ReturnType<typeof client>, label = "user") {
  const email = testEmail(label);
  expect((await signUp(call, email)).status).toBe(200);
  const mail = await smtp.waitForMail({ to: email, subject: "Confirm your ShutterHail account" });
  const verified = await fetch(mail.links[0]!, { redirect: "manual" });
  expect(verified.status).toBe(302);
  return email;
}

describe("sign-in", () => {
  it("refuses a wrong password and an unknown address with the same answer", async () => {
    const call = client();
    const email = await verifiedAccount(call);
    const wrong = await call("/api/auth/sign-in/email", "POST", {
      email,
      password: "not the one!",
    });
    const unknown = await call("/api/auth/sign-in/email", "POST", {
      email: testEmail("nobody"),
      password: PASSWORD,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).message).toBe("Invalid email or password");
    expect((await unknown.json()).message).toBe("Invalid email or password");
  });

  it("tells an unverified person why, and resends the link on request", async () => {
    const call = client();
    const email = testEmail("unverified");
    await signUp(call, email);
    await smtp.waitForMail({ to: email, subject: "Confirm your ShutterHail account" });
    const refused = await call("/api/auth/sign-in/email", "POST", { email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: "EMAIL_NOT_VERIFIED",
      message: expect.stringMatching(/confirm your email address/i),
    });
    const before = smtp.mails.filter((m) => m.to.includes(email)).length;
    const resend = await call("/api/auth/send-verification-email", "POST", {
      email,
      callbackURL: "/",
    });
    expect(resend.status).toBe(200);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length).toBe(before + 1);
    const latest = smtp.mails.filter((m) => m.to.includes(email)).at(-1)!;
    expect((await fetch(latest.links[0]!, { redirect: "manual" })).status).toBe(302);
    expect(
      (await call("/api/auth/sign-in/email", "POST", { email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it("keeps a 30-day session that refreshes itself and survives a new browser", async () => {
    const call = client();
    const email = await verifiedAccount(call);
    const signIn = await call("/api/auth/sign-in/email", "POST", { email, password: PASSWORD });
    const setCookie = signIn.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/HttpOnly/);
    const cookie = cookieFrom(signIn);
    const user = await app.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    // Age the session past Better Auth's update age: the next read extends it.
    const aged = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await app.database.db
      .updateTable("session")
      .set({ expiresAt: aged })
      .where("userId", "=", user.id)
      .execute();
    const session = await (await call("/api/auth/get-session", "GET", undefined, cookie)).json();
    expect(session.user.email).toBe(email);
    const row = await app.database.db
      .selectFrom("session")
      .select("expiresAt")
      .where("userId", "=", user.id)
      .orderBy("expiresAt", "desc")
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("signs out on the server: the old cookie no longer works", async () => {
    const call = client();
    const email = await verifiedAccount(call);
    const cookie = cookieFrom(
      await call("/api/auth/sign-in/email", "POST", { email, password: PASSWORD }),
    );
    expect(
      (await (await call("/api/auth/get-session", "GET", undefined, cookie)).json())?.user.email,
    ).toBe(email);
    expect((await call("/api/auth/sign-out", "POST", {}, cookie)).status).toBe(200);
    const after = await call("/api/auth/get-session", "GET", undefined, cookie);
    expect(await after.json()).toBeNull();
  });
});

describe("password reset", () => {
  it("never reveals whether an address has an account", async () => {
    const call = client();
    const email = await verifiedAccount(call, "known");
    const known = await call("/api/auth/request-password-reset", "POST", {
      email,
      redirectTo: "/admin/reset",
    });
    const unknownEmail = testEmail("unknown");
    const unknown = await call("/api/auth/request-password-reset", "POST", {
      email: unknownEmail,
      redirectTo: "/admin/reset",
    });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    await smtp.waitForMail({ to: email, subject: "Reset your ShutterHail password" });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.some((m) => m.to.includes(unknownEmail))).toBe(false);
  });

  it("links to /admin/reset, sets the password once, signs out everywhere; the link then fails", async () => {
    const call = client();
    const email = await verifiedAccount(call, "reset");
    const oldCookie = cookieFrom(
      await call("/api/auth/sign-in/email", "POST", { email, password: PASSWORD }),
    );
    await call("/api/auth/request-password-reset", "POST", { email, redirectTo: "/admin/reset" });
    const mail = await smtp.waitForMail({ to: email, subject: "Reset your ShutterHail password" });
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${app.url}/admin/reset`);
    const token = link.searchParams.get("token")!;
    const newPassword = "a brand new password";
    const reset = await call("/api/auth/reset-password", "POST", { token, newPassword });
    expect(reset.status).toBe(200);
    expect(
      await (await call("/api/auth/get-session", "GET", undefined, oldCookie)).json(),
    ).toBeNull();

    const reused = await call("/api/auth/reset-password", "POST", {
      token,
      newPassword: "yet another one",
    });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toMatch(/invalid or has expired/);
    expect(
      (await call("/api/auth/sign-in/email", "POST", { email, password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (await call("/api/auth/sign-in/email", "POST", { email, password: newPassword })).status,
    ).toBe(200);
  });

  it("refuses an expired link, a too-short new password and a common one", async () => {
    const call = client();
    const email = await verifiedAccount(call, "expired");
    await call("/api/auth/request-password-reset", "POST", { email, redirectTo: "/admin/reset" });
    const mail = await smtp.waitForMail({ to: email, subject: "Reset your ShutterHail password" });
    const token = new URL(mail.links[0]!).searchParams.get("token")!;
    const short = await call("/api/auth/reset-password", "POST", { token, newPassword: "short" });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("Password must be at least 8 characters.");
    const common = await call("/api/auth/reset-password", "POST", {
      token,
      newPassword: "qwertyuiop",
    });
    expect(common.status).toBe(400);
    expect((await common.json()).message).toBe("This password is too common. Choose another.");
    await app.database.db
      .updateTable("verification")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("identifier", "=", `reset-password:${token}`)
      .execute();
    const expired = await call("/api/auth/reset-password", "POST", {
      token,
      newPassword: "long enough now",
    });
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toMatch(/invalid or has expired/);
  });
});

describe("rate limits", () => {
  it("a successful sign-in clears the address's failures", async () => {
    const call = client();
    const email = await verifiedAccount(call, "clears");
    for (let i = 0; i < 9; i++) {
      await call("/api/auth/sign-in/email", "POST", { email, password: `wrong ${i}!!` });
    }
    expect(
      (await call("/api/auth/sign-in/email", "POST", { email, password: PASSWORD })).status,
    ).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect(
        (await call("/api/auth/sign-in/email", "POST", { email, password: `bad ${i}!!` })).status,
      ).toBe(401);
    }
  });

  it("limits reset and resend requests per address", async () => {
    const email = testEmail("spam");
    for (const path of ["/api/auth/request-password-reset", "/api/auth/send-verification-email"]) {
      for (let i = 0; i < 5; i++) {
        expect((await client()(path, "POST", { email })).status).toBe(200);
      }
      const blocked = await client()(path, "POST", { email });
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).message).toMatch(/Please wait/);
    }
  });

  it("limits requests per client address (Better Auth, counted in the database)", async () => {
    const call = client();
    let last: Response | undefined;
    for (let i = 0; i < 21; i++) {
      last = await call("/api/auth/request-password-reset", "POST", { email: testEmail("ip") });
    }
    expect(last!.status).toBe(429);
    expect((await last!.json()).message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds?|minute) and try again\.$/,
    );
    const rows = await app.database.db.selectFrom("rateLimit").select("key").execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});
