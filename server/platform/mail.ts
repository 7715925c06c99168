import { type Kysely, sql } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { FailedJob, Jobs } from "./jobs.ts";
import type { Logger } from "./logger.ts";

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** "smtp" sends through SMTP_URL; "outbox" keeps mail in the database for developers to read. */
  kind: "smtp" | "outbox";
  /**
   * Queues the mail; the queue delivers it, retrying with backoff. Pass the transaction of the
   * change the mail announces: the mail then leaves exactly when that change commits.
   */
  send(mail: Mail, executor?: Kysely<DB>): Promise<void>;
  /** Mail that used up its retries, newest first (the dead letters staff see). */
  failed(limit?: number): Promise<FailedJob[]>;
};

export const MAIL_JOB = "mail.send";

/** Seconds, not nodemailer's minutes: a hanging server fails the attempt and the queue retries. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 15_000,
} as const;

/** About two hours of attempts: 30 s, 1, 2, 4, 8, 16, 32 min, then hourly. */
const MAIL_RETRIES = { retryLimit: 8, retryDelaySeconds: 30, retryDelayMaxSeconds: 3600 };

type Deliver = (mail: Mail) => Promise<void>;

function smtpDelivery(smtpUrl: string, from: string, log: Logger): Deliver {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return async (mail) => {
    await transport.sendMail({ from, ...mail });
    log.info({ to: mail.to, subject: mail.subject }, "mail sent");
  };
}

function outboxDelivery(database: Database, log: Logger): Deliver {
  return async (mail) => {
    await database.db
      .insertInto("mail_outbox")
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
      })
      .execute();
    log.info({ to: mail.to, subject: mail.subject }, "mail written to the outbox");
  };
}

/** Defines the mail job on `jobs`; every mail then goes through the queue. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  database: Database;
  jobs: Jobs;
  log: Logger;
}): Mailer {
  const { jobs } = options;
  const deliver = options.smtpUrl
    ? smtpDelivery(options.smtpUrl, options.from, options.log)
    : outboxDelivery(options.database, options.log);
  jobs.define<Mail>({
    name: MAIL_JOB,
    handler: (mail) => deliver(mail),
    ...MAIL_RETRIES,
    // A mail is a handful of SMTP exchanges, each bounded above; a worker killed mid-send
    // leaves its job active until this expiry, then it is retried.
    expireInSeconds: 60,
  });
  return {
    kind: options.smtpUrl ? "smtp" : "outbox",
    send: (mail, executor) => jobs.send(MAIL_JOB, mail, { executor }),
    failed: (limit) => jobs.failed(MAIL_JOB, limit),
  };
}

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
};

/** The outbox, newest first, optionally only the mail to one address. */
export async function listOutbox(
  db: Kysely<DB>,
  limit: number,
  to?: string,
): Promise<OutboxMail[]> {
  let query = db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "text_body", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit);
  if (to) query = query.where(sql<string>`lower(to_address)`, "=", to.toLowerCase());
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
