import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { type CertificateWorkshop, certificateWorkshop } from "./certificates.ts";

// A small HTTPS server on loopback standing in for Google, Apple or Outlook serving a secret
// ICS address, with its own test CA; the calendar fetcher is told to trust that CA and to
// resolve the test's names (calendar.test, …) to 127.0.0.1.

export type CalendarServer = {
  /** https://calendar.test:PORT */
  origin: string;
  port: number;
  rootPem: string;
  /** Answers `path` with this handler (replacing any earlier one). */
  on(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  /** Serves ICS text at `path`. */
  serve(path: string, ics: string): void;
  /** How many requests reached `path`. */
  hits(path: string): number;
  /** The calendar fetcher's test switches for this server. */
  fetchSwitches(extra?: Record<string, string>): {
    allowedAddresses: string[];
    trustedRootsPem: string[];
    resolve: (host: string) => Promise<{ address: string; family: number }[]>;
  };
  close(): Promise<void>;
};

export const CALENDAR_HOST = "calendar.test";

export async function startCalendarServer(): Promise<CalendarServer> {
  const workshop: CertificateWorkshop = await certificateWorkshop();
  const root = await workshop.make({ subject: "/CN=ShutterHail Test Calendar CA", ca: true });
  const leaf = await workshop.make({
    subject: `/CN=${CALENDAR_HOST}`,
    issuer: root,
    altNames: [`DNS:${CALENDAR_HOST}`, "DNS:other.test"],
  });
  const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const counts = new Map<string, number>();
  const server: Server = createServer({ key: leaf.keyPem, cert: leaf.pem }, (req, res) => {
    const path = new URL(req.url ?? "/", "https://x").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const handler = handlers.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://${CALENDAR_HOST}:${port}`,
    port,
    rootPem: root.pem,
    on: (path, handler) => void handlers.set(path, handler),
    serve: (path, ics) =>
      void handlers.set(path, (_req, res) =>
        res.writeHead(200, { "content-type": "text/calendar" }).end(ics),
      ),
    hits: (path) => counts.get(path) ?? 0,
    fetchSwitches: (extra = {}) => ({
      allowedAddresses: ["127.0.0.1"],
      trustedRootsPem: [root.pem],
      resolve: async (host) => {
        const names: Record<string, string> = {
          [CALENDAR_HOST]: "127.0.0.1",
          "other.test": "127.0.0.1",
          ...extra,
        };
        const address = names[host];
        if (!address) throw new Error(`ENOTFOUND ${host}`);
        return [{ address, family: address.includes(":") ? 6 : 4 }];
      },
    }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await workshop.close();
    },
  };
}
