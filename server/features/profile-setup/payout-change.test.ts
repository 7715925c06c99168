import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../../test/accounts.ts";
import { jsonRequest, userSession } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { newCreator } from "./uploads-test-helpers.ts";

// Payout details decide where a creator's money goes: changing ones already set needs the
// account's password again (a stolen session is not enough), the first setting does not, and
// every change is mailed to the account's own address.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const CHANGED = "Your ShutterHail payout details were changed";
const PAYPAL = { step: 4, paymentMethod: "paypal", payoutEmail: "nova@example.com" };
const BANK = {
  step: 4,
  paymentMethod: "direct_deposit",
  bankRouting: "021000021",
  bankAccount: "123456789012",
};

const save = (cookie: string, body: object) =>
  app.fetch("/api/profile-setup/draft", jsonRequest("PUT", body, cookie));

async function payout(userId: string) {
  return app.database.db
    .selectFrom("photographer_profiles")
    .select(["payment_method", "payout_email", "bank_account_last4"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** The payout mails the account's address got (the queue delivers to the outbox). */
async function mailsTo(email: string) {
  await app.deps.jobs.drain();
  return app.database.db
    .selectFrom("mail_outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .where("subject", "=", CHANGED)
    .orderBy("id")
    .execute();
}

async function expectRefused(response: Response, code: string, message: RegExp) {
  expect(response.status, await response.clone().text()).toBe(code === "rate_limited" ? 429 : 403);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(message);
}

/** A creator whose PayPal payout details are set (and announced once). */
async function creatorWithPayPal() {
  const creator = await newCreator(app);
  expect((await save(creator.cookie, PAYPAL)).status).toBe(200);
  return creator;
}

describe("payout details", () => {
  it("are set the first time without the password, and the account is told", async () => {
    const { cookie, user } = await newCreator(app);
    const r = await save(cookie, PAYPAL);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await payout(user.id)).toMatchObject({ payment_method: "paypal" });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain("payouts go to the PayPal account n•••@example.com");
    // The payout address itself is not where the warning goes.
    expect(await mailsTo("nova@example.com")).toEqual([]);
  });

  it("once set, change only with the account's password: missing or wrong is refused, nothing changes", async () => {
    const { cookie, user } = await creatorWithPayPal();
    await expectRefused(
      await save(cookie, BANK),
      "password_required",
      /^Enter your password to change your payout details\.$/,
    );
    await expectRefused(
      await save(cookie, {
        ...PAYPAL,
        payoutEmail: "thief@example.com",
        currentPassword: "guess-1234",
      }),
      "password_required",
      /not right/,
    );
    expect(await payout(user.id)).toMatchObject({
      payment_method: "paypal",
      payout_email: "nova@example.com",
    });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("change with the right password, and the account's address is told where payouts go now", async () => {
    const { cookie, user } = await creatorWithPayPal();
    const r = await save(cookie, { ...BANK, currentPassword: TEST_PASSWORD });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(JSON.stringify(await r.json())).not.toContain(TEST_PASSWORD);
    expect(await payout(user.id)).toMatchObject({
      payment_method: "direct_deposit",
      payout_email: null,
      bank_account_last4: "9012",
    });
    // The first setting's mail and this one's (the queue delivers them in any order).
    const mails = (await mailsTo(user.email)).map((m) => m.text_body);
    expect(mails).toHaveLength(2);
    const change = mails.find((text) => text.includes("to the bank account ending in 9012"));
    expect(change).toContain("/admin/forgot");
  });

  it("saved again unchanged (Next through the step), or with only a new tax id, need no password and send no mail", async () => {
    const { cookie, user } = await creatorWithPayPal();
    expect((await save(cookie, PAYPAL)).status).toBe(200);
    expect((await save(cookie, { ...PAYPAL, taxId: "12-3456789" })).status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
    // The same bank numbers typed again are no change either.
    expect((await save(cookie, { ...BANK, currentPassword: TEST_PASSWORD })).status).toBe(200);
    expect((await save(cookie, BANK)).status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it("cannot be changed by another account: its password is not this one's, and a non-creator has no setup", async () => {
    const owner = await creatorWithPayPal();
    const other = await creatorWithPayPal();
    // The other account has a password of its own (not the test one): its session is checked
    // against it, never against the owner's.
    await app.database.db
      .updateTable("account")
      .set({ password: "$argon2id$v=19$m=19456,t=2,p=1$invalid$invalid" })
      .where("userId", "=", other.user.id)
      .where("providerId", "=", "credential")
      .execute();
    await expectRefused(
      await save(other.cookie, { ...BANK, currentPassword: TEST_PASSWORD }),
      "password_required",
      /not right/,
    );
    const member = await userSession(app);
    expect((await save(member.cookie, { ...BANK, currentPassword: TEST_PASSWORD })).status).toBe(
      403,
    );
    expect(await payout(owner.user.id)).toMatchObject({ payout_email: "nova@example.com" });
    expect(await payout(other.user.id)).toMatchObject({ payout_email: "nova@example.com" });
  });

  it("of an account with no password (Google, Facebook) cannot change until one is set, and says how", async () => {
    const { cookie, user } = await creatorWithPayPal();
    await app.database.db
      .deleteFrom("account")
      .where("userId", "=", user.id)
      .where("providerId", "=", "credential")
      .execute();
    await expectRefused(
      await save(cookie, { ...BANK, currentPassword: "anything-at-all" }),
      "forbidden",
      /has no password\. Set one first .*\/admin\/forgot/,
    );
    expect(await payout(user.id)).toMatchObject({ payment_method: "paypal" });
  });

  it("stop taking passwords after 10 tries in 15 minutes", async () => {
    const { cookie } = await creatorWithPayPal();
    for (let i = 0; i < 10; i++) {
      const r = await save(cookie, { ...BANK, currentPassword: `wrong-${i}-password` });
      expect(r.status).toBe(403);
    }
    await expectRefused(
      await save(cookie, { ...BANK, currentPassword: TEST_PASSWORD }),
      "rate_limited",
      /Too many attempts/,
    );
  });
});
