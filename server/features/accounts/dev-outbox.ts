import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import { ZOutboxResponse } from "../../../contracts/accounts.ts";
import { requireAccess } from "../../platform/access.ts";
import { clientIp } from "../../platform/client-ip.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { type AppEnv, createRouter } from "../../platform/http.ts";
import { readOutbox } from "./service.ts";

// Mail written while no SMTP_URL is set, for developers on their own machine. The app mounts
// these routes only outside production (app.ts), and they answer only loopback clients (the
// server listens on every interface, and the outbox holds sign-in links): everyone else gets
// the 404 production gives.

const isLoopback = (address: string) =>
  /^127\./.test(address) || address === "::1" || /^::ffff:127\./i.test(address);

const outboxVisible = (c: Context<AppEnv>) => isLoopback(clientIp(c));

const outboxRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/dev/outbox",
  summary: "Mail in the local outbox, newest first (not in production)",
  description:
    "Development only: the route does not exist when NODE_ENV is production, and answers only a client on the server's own machine (loopback; 404 otherwise).",
  tags: ["development"],
  request: { query: z.object({ to: z.string().max(320).optional() }) },
  responses: {
    200: { description: "Mail", content: json(ZOutboxResponse) },
    400: failure("Bad filter"),
    404: failure("A client on another machine"),
  },
});

export function devOutboxApiRoutes() {
  return createRouter().openapi(outboxRoute, async (c) => {
    if (!outboxVisible(c)) throw new AppError("not_found", "Not found");
    const { to } = c.req.valid("query");
    return c.json({ items: await readOutbox(c.var.deps, to) }, 200);
  });
}

const PAGE_STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#16181d}
main{max-width:860px;margin:0 auto;padding:32px 16px}
h1{margin:0 0 4px;font-size:26px}p.lead{margin:0 0 24px;color:#5b616e}
article{background:#fff;border:1px solid #e3e5ea;border-radius:14px;padding:16px 20px;margin-bottom:14px}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;font-size:13px;color:#5b616e}
h2{font-size:17px;margin:6px 0 10px}pre{white-space:pre-wrap;word-break:break-word;margin:0;font:14px/1.55 system-ui,sans-serif}
a{color:#c2410c}form{margin-bottom:20px}input{padding:8px 10px;border:1px solid #c9cdd5;border-radius:10px;width:260px}
button{padding:8px 14px;border-radius:10px;border:0;background:#16181d;color:#fff;margin-left:6px}`;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

// Runs on escaped text: a link ends at whitespace or at an escaped quote or bracket, so nothing
// in a mail can close the href attribute or open a tag.
const linkify = (text: string) =>
  escapeHtml(text).replace(
    /https?:\/\/(?:(?!&quot;|&#39;|&lt;|&gt;)\S)+/g,
    (url) => `<a href="${url}">${url}</a>`,
  );

/** GET /dev/outbox: the same mail as a readable page with clickable links. */
export function devOutboxPage() {
  const app = new Hono<AppEnv>();
  app.get("/dev/outbox", requireAccess("public"), async (c) => {
    if (!outboxVisible(c)) return c.notFound();
    const to = c.req.query("to")?.slice(0, 320) || undefined;
    const mails = await readOutbox(c.var.deps, to);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Outbox | ShutterHail (development)</title>
          <style>
            ${raw(PAGE_STYLE)}
          </style>
        </head>
        <body>
          <main>
            <h1>Outbox</h1>
            <p class="lead">
              Mail the app sent while no SMTP server is configured (development only). Newest
              first.
            </p>
            <form method="get">
              <input name="to" type="email" placeholder="Filter by recipient" value="${to ?? ""}" />
              <button type="submit">Filter</button>
            </form>
            ${mails.length === 0 ? html`<p>No mail yet.</p>` : ""}
            ${mails.map(
              (mail) => html`<article>
                <header>
                  <span>To ${mail.to}</span>
                  <time datetime="${mail.createdAt}">${new Date(mail.createdAt).toUTCString()}</time>
                </header>
                <h2>${mail.subject}</h2>
                <pre>${raw(linkify(mail.text))}</pre>
              </article>`,
            )}
          </main>
        </body>
      </html>`);
  });
  return app;
}
