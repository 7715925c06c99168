import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createApplication, uniqueEmail } from "../db/factories.ts";
import { adminSession, jsonRequest, userSession } from "../test/sessions.ts";
import { startTestSmtp } from "../test/smtp.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import { MAIL_JOB, SMTP_TIMEOUTS } from "./mail.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A TCP listener that accepts connections and never says a word: a hung SMTP server. */
async function startSilentListener() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const mailJobState = async (app: TestApp, to: string) => {
  const { rows } = await app.database.pool.query<{ state: string }>(
    "select state from pgboss.job where name = $1 and data->>'to' = $2",
    [MAIL_JOB, to],
  );
  return rows[0]?.state;
};

/** As if the retry's backoff had passed. */
const skipBackoff = (app: TestApp) =>
  app.database.pool.query(
    "update pgboss.job set start_after = now() where name = $1 and state = 'retry'",
    [MAIL_JOB],
  );

const submit = (app: TestApp, email: string) =>
  app.fetch(
    "/api/applications",
    jsonRequest("POST", { fullName: "Patient Applicant", email, portfolioUrl: "" }),
  );

describe("mail through the job queue", () => {
  it("answers at once while the SMTP server hangs, and delivers once it recovers", async () => {
    const silent = await startSilentListener();
    let silentOpen = true;
    cleanups.push(async () => {
      if (silentOpen) await silent.close();
    });
    const app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${silent.port}` });
    cleanups.push(() => app.close());
    const admin = await adminSession(app);

    const email = uniqueEmail("hung-smtp");
    let started = performance.now();
    const response = await submit(app, email);
    expect(response.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(2000);

    const application = await createApplication(app.database.db);
    started = performance.now();
    const approved = await app.fetch(
      `/api/admin/applications/${application.id}/approve`,
      jsonRequest("POST", undefined, admin.cookie),
    );
    expect(approved.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);

    // Each attempt gives up after the greeting timeout (seconds, not minutes) and waits to retry.
    const waiting = { timeout: SMTP_TIMEOUTS.greetingTimeout + 5000 };
    await expect.poll(() => mailJobState(app, email), waiting).toBe("retry");
    await expect.poll(() => mailJobState(app, application.email), waiting).toBe("retry");

    // The server recovers on the same address.
    await silent.close();
    silentOpen = false;
    const smtp = await startTestSmtp(silent.port);
    cleanups.push(() => smtp.close());
    await skipBackoff(app);
    const mail = await smtp.waitForMail({ to: email });
    expect(mail.subject).toBe("We received your ShutterHail application");
    await smtp.waitForMail({ to: application.email, subject: /approved/ });
  }, 30_000);

  it("shows staff the mail it gave up on, and only staff", async () => {
    // Nothing listens on this port: every attempt is refused at once.
    const closed = await startSilentListener();
    await closed.close();
    const app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${closed.port}` });
    cleanups.push(() => app.close());
    const admin = await adminSession(app);
    const member = await userSession(app);

    const email = uniqueEmail("dead-letter");
    expect((await submit(app, email)).status).toBe(201);
    await app.deps.jobs.drain();
    expect(await mailJobState(app, email)).toBe("retry");
    // Skip to the last attempt.
    await app.database.pool.query(
      "update pgboss.job set retry_count = retry_limit - 1, start_after = now() where name = $1",
      [MAIL_JOB],
    );
    await app.deps.jobs.drain();
    expect(await mailJobState(app, email)).toBe("failed");

    const failed = await app.fetch("/api/admin/mail/failed", { headers: { cookie: admin.cookie } });
    expect(failed.status).toBe(200);
    const { items } = await failed.json();
    expect(items).toEqual([
      expect.objectContaining({
        to: email,
        subject: "We received your ShutterHail application",
        error: expect.stringMatching(/ECONNREFUSED|connect/i),
        attempts: 9,
      }),
    ]);
    expect((await app.fetch("/api/admin/mail/failed")).status).toBe(401);
    expect(
      (await app.fetch("/api/admin/mail/failed", { headers: { cookie: member.cookie } })).status,
    ).toBe(403);
  });

  it("sends an account mail ahead of a backlog of notification mail", async () => {
    const app = await startTestApp();
    cleanups.push(() => app.close());
    const backlog = 60;
    const waiting = uniqueEmail("waiting");
    // One transaction: the worker (woken at each commit) finds the whole backlog at once.
    await app.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < backlog; i++) {
        await app.deps.mailer.send(
          {
            to: `creator-${i}@example.test`,
            subject: "Your ShutterHail payout of $1.00 is on its way",
            text: "Paid.",
            category: "payments",
          },
          trx,
        );
      }
      // A sign-up's confirmation, with the backlog waiting: someone is looking at their inbox.
      await app.deps.mailer.send(
        { to: waiting, subject: "Confirm your account", text: "Link." },
        trx,
      );
    });
    await app.deps.jobs.drain();
    const order = await app.database.db
      .selectFrom("mail_outbox")
      .select("to_address")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(order).toHaveLength(backlog + 1);
    // The worker may be sending one or two backlog mails already; the rest wait behind it.
    expect(order.findIndex((m) => m.to_address === waiting)).toBeLessThan(5);
  }, 60_000);
});
