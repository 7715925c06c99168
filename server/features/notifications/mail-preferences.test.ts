import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_PREFERENCES,
  type Preferences,
  UNSUBSCRIBE_INVALID,
} from "../../../contracts/preferences.ts";
import { MAIL_JOB } from "../../platform/mail.ts";
import { bookingParties, type Party, paidBooking } from "../../test/bookings.ts";
import { jsonRequest, userSession } from "../../test/sessions.ts";
import { type ReceivedMail, startTestSmtp, type TestSmtp } from "../../test/smtp.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

// Settings over HTTP, and what they do to real mail (SMTP on loopback): an optional category a
// person turned off is not delivered, payment and security mail always is, and every optional
// mail carries a signed one-click unsubscribe link (RFC 8058).

let app: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const getPrefs = (cookie?: string) =>
  app.fetch("/api/account/preferences", { headers: cookie ? { cookie } : {} });
const putPrefs = (body: unknown, cookie?: string) =>
  app.fetch("/api/account/preferences", jsonRequest("PUT", body, cookie, { origin: app.url }));

/** Unfolded headers of a raw message, lower-cased names. */
function headersOf(mail: ReceivedMail): Map<string, string> {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Waits until every queued mail to `to` was handled (delivered or skipped). */
async function mailSettled(to: string) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await app.database.pool.query<{ n: string }>(
      "select count(*) as n from pgboss.job where name = $1 and lower(data->>'to') = lower($2) and state <> 'completed'",
      [MAIL_JOB, to],
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mail to ${to} still queued`);
}

const SESSION = { date: "2031-06-10", startTime: "10:00", hours: 2 };

describe("GET and PUT /api/account/preferences", () => {
  it("refuse anonymous callers", async () => {
    expect((await getPrefs()).status).toBe(401);
    expect((await putPrefs(DEFAULT_PREFERENCES)).status).toBe(401);
  });

  it("answer the defaults, then what was saved, per person", async () => {
    const [user, other] = [await userSession(app), await userSession(app)];
    expect(await (await getPrefs(user.cookie)).json()).toEqual(DEFAULT_PREFERENCES);
    const saved: Preferences = {
      readReceipts: false,
      mail: { messages: false, bookings: true, reviews: false },
    };
    const put = await putPrefs(saved, user.cookie);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual(saved);
    expect(await (await getPrefs(user.cookie)).json()).toEqual(saved);
    expect(await (await getPrefs(other.cookie)).json()).toEqual(DEFAULT_PREFERENCES);
    const row = await app.database.db
      .selectFrom("user_preferences")
      .selectAll()
      .where("user_id", "=", user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.read_receipts).toBe(false);
    expect([...row.mail_opt_outs].sort()).toEqual(["messages", "reviews"]);
    // Saving again replaces, not adds.
    await putPrefs(DEFAULT_PREFERENCES, user.cookie);
    expect(await (await getPrefs(user.cookie)).json()).toEqual(DEFAULT_PREFERENCES);
  });

  it("refuse invalid settings with 400 and change nothing", async () => {
    const user = await userSession(app);
    for (const body of [
      {},
      { readReceipts: "yes", mail: DEFAULT_PREFERENCES.mail },
      { readReceipts: true, mail: { messages: true, bookings: true } },
      { readReceipts: true, mail: { ...DEFAULT_PREFERENCES.mail, reviews: null } },
    ]) {
      const response = await putPrefs(body, user.cookie);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await (await getPrefs(user.cookie)).json()).toEqual(DEFAULT_PREFERENCES);
  });
});

describe("mail categories", () => {
  async function parties() {
    const p = await bookingParties(app);
    return p;
  }

  it("skip an optional category turned off; payment and security mail still go", async () => {
    const p = await parties();
    const off = { readReceipts: true, mail: { messages: true, bookings: false, reviews: true } };
    expect((await putPrefs(off, p.creator.cookie)).status).toBe(200);
    expect((await putPrefs(off, p.client.cookie)).status).toBe(200);
    await paidBooking(app, p.client as Party, { creatorId: p.creatorId, ...SESSION });

    // The client's deposit mail is a payment mail: it goes, with no unsubscribe link.
    const deposit = await smtp.waitForMail({
      to: p.client.email,
      subject: "Deposit received: your request is with the creator",
    });
    expect(headersOf(deposit).has("list-unsubscribe")).toBe(false);
    expect(deposit.text).not.toContain("/unsubscribe");
    // The creator turned booking updates off: the new-request mail was handled, not delivered.
    await mailSettled(p.creator.email);
    expect(smtp.mails.filter((m) => m.to.includes(p.creator.email))).toEqual([]);

    // Security mail ignores the settings.
    const reset = await app.fetch("/api/auth/request-password-reset", {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ email: p.creator.email, redirectTo: "/reset-password" }),
    });
    expect(reset.status).toBe(200);
    const security = await smtp.waitForMail({
      to: p.creator.email,
      subject: "Reset your ShutterHail password",
    });
    expect(headersOf(security).has("list-unsubscribe")).toBe(false);
    expect(headersOf(security).has("list-unsubscribe-post")).toBe(false);
  });

  it("give an optional mail a footer link and RFC 8058 headers that turn its category off", async () => {
    const p = await parties();
    await paidBooking(app, p.client as Party, { creatorId: p.creatorId, ...SESSION });
    const request = await smtp.waitForMail({
      to: p.creator.email,
      subject: "New booking request",
    });
    const headers = headersOf(request);
    const oneClick = /^<([^>]+)>$/.exec(headers.get("list-unsubscribe") ?? "")?.[1];
    expect(oneClick).toMatch(new RegExp(`^${app.url}/api/mail/unsubscribe\\?token=`));
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const page = request.links.find((l) => l.startsWith(`${app.url}/unsubscribe?token=`));
    expect(page).toBeDefined();
    expect(request.text).toContain('"Booking updates" mails are on');
    expect(new URL(page!).searchParams.get("token")).toBe(
      new URL(oneClick!).searchParams.get("token"),
    );

    // The mail client's one-click POST: no session, no origin, a form body, the token in the URL.
    const clicked = await fetch(oneClick!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status, await clicked.clone().text()).toBe(200);
    expect(await clicked.json()).toEqual({ category: "bookings", label: "Booking updates" });
    expect((await (await getPrefs(p.creator.cookie)).json()).mail).toEqual({
      messages: true,
      bookings: false,
      reviews: true,
    });
  });
});

describe("POST /api/mail/unsubscribe", () => {
  const unsubscribe = (body: unknown, query = "") =>
    app.fetch(
      `/api/mail/unsubscribe${query}`,
      jsonRequest("POST", body, undefined, { origin: app.url }),
    );

  it("turns the token's category off for the token's account only, repeatably", async () => {
    const [user, other] = [await userSession(app), await userSession(app)];
    const token = unsubscribeToken(app.deps.config.authSecret, user.user.id, "messages");
    for (let i = 0; i < 2; i++) {
      const response = await unsubscribe({ token });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ category: "messages", label: "Unread messages" });
    }
    expect((await (await getPrefs(user.cookie)).json()).mail).toEqual({
      messages: false,
      bookings: true,
      reviews: true,
    });
    const row = await app.database.db
      .selectFrom("user_preferences")
      .select("mail_opt_outs")
      .where("user_id", "=", user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.mail_opt_outs).toEqual(["messages"]);
    expect(await (await getPrefs(other.cookie)).json()).toEqual(DEFAULT_PREFERENCES);
  });

  it("refuses a tampered, foreign or malformed token with 400", async () => {
    const user = await userSession(app);
    const secret = app.deps.config.authSecret;
    const token = unsubscribeToken(secret, user.user.id, "bookings");
    const [id, , mac] = token.split(".");
    const flipped = `${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
    const other = Buffer.from("someone-else").toString("base64url");
    for (const bad of [
      `${id}.bookings.${flipped}`,
      `${id}.reviews.${mac}`,
      `${other}.bookings.${mac}`,
      `${id}.payments.${unsubscribeToken(secret, user.user.id, "bookings").split(".")[2]}`,
      unsubscribeToken("not-the-secret", user.user.id, "bookings"),
      "garbage",
      `${token}.extra`,
    ]) {
      const response = await unsubscribe({ token: bad });
      expect(response.status, bad).toBe(400);
      expect((await response.json()).error.message).toBe(UNSUBSCRIBE_INVALID);
    }
    expect((await unsubscribe({})).status).toBe(400);
    expect((await unsubscribe(undefined)).status).toBe(400);
    expect(await (await getPrefs(user.cookie)).json()).toEqual(DEFAULT_PREFERENCES);
    // The token in the query works too.
    const viaQuery = await app.fetch(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
    });
    expect(viaQuery.status).toBe(200);
    expect((await (await getPrefs(user.cookie)).json()).mail.bookings).toBe(false);
  });
});
