import { type Kysely, sql } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "./logger.ts";

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** "smtp" sends through SMTP_URL; "outbox" keeps mail in the database for developers to read. */
  kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
};

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  database: Database;
  log: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
    };
  }
  return {
    kind: "outbox",
    async send(mail) {
      await options.database.db
        .insertInto("mail_outbox")
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html ?? null,
        })
        .execute();
      options.log.info({ to: mail.to, subject: mail.subject }, "mail written to the outbox");
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
