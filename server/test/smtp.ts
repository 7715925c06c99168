import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Every http(s) URL in the text, in order. */
  links: string[];
  raw: string;
};

export type TestSmtp = {
  /** An SMTP_URL for the app under test. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving) that matches. */
  waitForMail(
    match: { to?: string; subject?: string | RegExp },
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
};

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeWords(header: string): string {
  return header.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The text/plain content of a (possibly multipart) message. */
function textOf(raw: string): { headers: Map<string, string>; text: string } {
  const { headers, body } = splitMessage(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const texts = parts.map((part) => textOf(part.replace(/^\r?\n/, "")));
    const plain = texts.find((t) =>
      (t.headers.get("content-type") ?? "text/plain").startsWith("text/plain"),
    );
    return { headers, text: (plain ?? texts[0])?.text ?? "" };
  }
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { headers, text: text.replace(/\r\n/g, "\n") };
}

const matches = (mail: ReceivedMail, match: { to?: string; subject?: string | RegExp }) =>
  (!match.to || mail.to.some((to) => to.toLowerCase() === match.to!.toLowerCase())) &&
  (!match.subject ||
    (typeof match.subject === "string"
      ? mail.subject === match.subject
      : match.subject.test(mail.subject)));

/** A real SMTP server on loopback (on `port`, or any free one) that keeps every message it receives. */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const { headers, text } = textOf(raw);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(headers.get("subject") ?? ""),
          text,
          links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          raw,
        };
        mails.push(mail);
        for (const waiter of waiters) waiter(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    waitForMail(match, timeoutMs = 10_000) {
      const found = mails.find((mail) => matches(mail, match));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No mail matching ${JSON.stringify(match)} within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (mail: ReceivedMail) => {
          if (!matches(mail, match)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
