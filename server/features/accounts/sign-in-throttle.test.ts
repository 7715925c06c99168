import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, TEST_PASSWORD, testEmail } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { createVerifiedAccount } from "./service.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "true" });
});
afterAll(() => app?.close());

// Every address is fresh, so Better Auth's per-IP limits never mix the tests up.
let addressCounter = 1;
const freshAddress = () =>
  `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

function signIn(
  from: string,
  body: { email: string; password: string },
  { cookie, form = false }: { cookie?: string; form?: boolean } = {},
) {
  return app.fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: {
      "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
      origin: app.url,
      "x-forwarded-for": from,
      ...(cookie ? { cookie } : {}),
    },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
}

async function account(label: string) {
  const email = testEmail(label);
  await createVerifiedAccount(app.deps, { email, password: TEST_PASSWORD, name: "Owner" });
  return email;
}

const wrong = (email: string, i: number) => ({ email, password: `wrong guess ${i}!` });
const right = (email: string) => ({ email, password: TEST_PASSWORD });

describe("sign-in bodies", () => {
  it("are JSON only: form-encoded attempts never reach Better Auth, so none slips past the counters", async () => {
    const email = await account("form");
    const from = freshAddress();
    for (let i = 0; i < 11; i++) {
      const response = await signIn(from, wrong(email, i), { form: true });
      expect(response.status).toBe(415);
      expect((await response.json()).message).toBe(
        "Send this request as JSON (Content-Type: application/json).",
      );
    }
    // Not even the right password signs in that way; as JSON it does.
    expect((await signIn(from, right(email), { form: true })).status).toBe(415);
    expect((await signIn(from, right(email))).status).toBe(200);
  });

  it("refuses multipart bodies too, but leaves OAuth callbacks (form posts) to Better Auth", async () => {
    const form = new FormData();
    form.set("email", await account("multipart"));
    form.set("password", "wrong guess!");
    const multipart = await app.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: app.url, "x-forwarded-for": freshAddress() },
      body: form,
    });
    expect(multipart.status).toBe(415);
    const callback = await app.fetch("/api/auth/callback/google", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshAddress(),
      },
      body: "state=x&code=y",
    });
    expect(callback.status).not.toBe(415);
  });
});

describe("sign-in throttling (decision 014)", () => {
  it("stops one client after 10 failures in a row, right password or not", async () => {
    const email = await account("guessed");
    const from = freshAddress();
    for (let i = 0; i < 10; i++) expect((await signIn(from, wrong(email, i))).status).toBe(401);
    const blocked = await signIn(from, right(email));
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a stranger's failures elsewhere do not lock the owner out", async () => {
    const email = await account("admin");
    const stranger = freshAddress();
    for (let i = 0; i < 11; i++) await signIn(stranger, wrong(email, i));
    expect((await signIn(stranger, wrong(email, 99))).status).toBe(429);
    // The owner, from their own address, with no known-device cookie yet.
    expect((await signIn(freshAddress(), right(email))).status).toBe(200);
  });

  it("many addresses guessing one account are stopped, but not the owner on a known device", async () => {
    const email = await account("botnet");
    const owner = await signIn(freshAddress(), right(email));
    expect(owner.status).toBe(200);
    const knownDevice = cookieFrom(owner)
      .split("; ")
      .filter((c) => c.startsWith("shutterhail.known_device="))
      .join("; ");
    expect(knownDevice).not.toBe("");
    // The owner's sign-in counted once; 49 guesses from 49 addresses fill the account's 50.
    for (let i = 0; i < 49; i++) {
      expect((await signIn(freshAddress(), wrong(email, i))).status).toBe(401);
    }
    expect((await signIn(freshAddress(), wrong(email, 49))).status).toBe(429);
    // Even the right password is refused from a device that never signed in to the account…
    expect((await signIn(freshAddress(), right(email))).status).toBe(429);
    // …or with a mark forged or made for another account…
    const forged = "shutterhail.known_device=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    expect((await signIn(freshAddress(), right(email), { cookie: forged })).status).toBe(429);
    // …while the owner's device, from any address, signs in.
    const again = await signIn(freshAddress(), right(email), { cookie: knownDevice });
    expect(again.status).toBe(200);
  });

  it("a known device still gets only 10 failures in a row from one address", async () => {
    const email = await account("device");
    const from = freshAddress();
    const owner = await signIn(from, right(email));
    const cookie = cookieFrom(owner);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(from, wrong(email, i), { cookie })).status).toBe(401);
    }
    expect((await signIn(from, right(email), { cookie })).status).toBe(429);
  });
});
