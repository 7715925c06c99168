import nodemailer from "nodemailer";
import type { Database } from "../db/database.ts";
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
