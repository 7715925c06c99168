import { type Kysely, sql } from "kysely";
import nodemailer from "nodemailer";
import {
  MAIL_CATEGORIES,
  type MailCategory,
  OPTIONAL_MAIL_CATEGORIES,
  type OptionalMailCategory,
} from "../../contracts/preferences.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { FailedJob, Jobs } from "./jobs.ts";
import type { Logger } from "./logger.ts";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * What the mail is about (contracts/preferences.ts). A recipient who turned an optional
   * category off does not get it; optional categories carry a one-click unsubscribe link.
   * Omitted: account and security mail, which always goes.
   */
  category?: MailCategory;
};

/** Where a recipient turns an optional category off: a page, and the RFC 8058 one-click POST. */
export type UnsubscribeLinks = { pageUrl: string; oneClickUrl: string };

/**
 * Decided at send time for each optional-category mail by the domain that knows recipients'
 * settings (registered at startup): whether it goes, and the links to turn its category off.
 */
export type RecipientPolicy = (
  mail: Mail & { category: OptionalMailCategory },
) => Promise<{ deliver: false } | { deliver: true; unsubscribe?: UnsubscribeLinks }>;

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
  /** Sets who decides on optional-category mail; without one, every mail goes. */
  setRecipientPolicy(policy: RecipientPolicy): void;
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

type Deliver = (mail: Mail, headers: Record<string, string>) => Promise<void>;

const isOptional = (category: MailCategory | undefined): category is OptionalMailCategory =>
  (OPTIONAL_MAIL_CATEGORIES as readonly string[]).includes(category ?? "");

/** The footer line and the RFC 8058 headers of a mail its recipient can turn off. */
export function withUnsubscribe(
  mail: Mail & { category: OptionalMailCategory },
  links: UnsubscribeLinks,
): { mail: Mail; headers: Record<string, string> } {
  const label = MAIL_CATEGORIES.find((c) => c.value === mail.category)?.label ?? mail.category;
  const line = `You get this mail because "${label}" mails are on. Turn them off with one click: ${links.pageUrl}`;
  return {
    mail: {
      ...mail,
      text: `${mail.text}\n\n--\n${line}`,
      ...(mail.html
        ? {
            html: `${mail.html}<hr><p>You get this mail because "${escapeHtml(label)}" mails are on. <a href="${escapeHtml(links.pageUrl)}">Unsubscribe</a></p>`,
          }
        : {}),
    },
    headers: {
      "List-Unsubscribe": `<${links.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function smtpDelivery(smtpUrl: string, from: string, log: Logger): Deliver {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return async (mail, headers) => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      headers,
    });
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

const URGENT_MAIL_PRIORITY = 10;

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
  let policy: RecipientPolicy | undefined;
  jobs.define<Mail>({
    name: MAIL_JOB,
    handler: async (mail) => {
      const category = mail.category;
      if (!policy || !isOptional(category)) return deliver(mail, {});
      const optional = { ...mail, category };
      const decision = await policy(optional);
      if (!decision.deliver) {
        options.log.info({ to: mail.to, category }, "mail not sent: its category is turned off");
        return;
      }
      if (!decision.unsubscribe) return deliver(mail, {});
      const signed = withUnsubscribe(optional, decision.unsubscribe);
      await deliver(signed.mail, signed.headers);
    },
    ...MAIL_RETRIES,
    // A mail is a handful of SMTP exchanges, each bounded above; a worker killed mid-send
    // leaves its job active until this expiry, then it is retried.
    expireInSeconds: 60,
  });
  return {
    kind: options.smtpUrl ? "smtp" : "outbox",
    // Someone is waiting on an account or security mail (a confirmation link, a reset, a
    // sign-in code): it goes ahead of any backlog of notification mail.
    send: (mail, executor) =>
      jobs.send(MAIL_JOB, mail, { executor, priority: mail.category ? 0 : URGENT_MAIL_PRIORITY }),
    failed: (limit) => jobs.failed(MAIL_JOB, limit),
    setRecipientPolicy: (p) => {
      policy = p;
    },
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
