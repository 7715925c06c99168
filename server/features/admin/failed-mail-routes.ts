import { createRoute } from "@hono/zod-openapi";
import { FAILED_MAIL_LIMIT, ZFailedMailResponse } from "../../../contracts/admin-mail.ts";
import { ZErrorResponse } from "../../../contracts/errors.ts";
import { createRouter } from "../../platform/http.ts";
import type { Mail } from "../../platform/mail.ts";
import { requireAdmin } from "../../platform/session.ts";

const failedMailRoute = createRoute({
  method: "get",
  path: "/admin/mail/failed",
  summary: "Mail the queue gave up on after its retries (dead letters), newest first",
  description:
    "Who may call: an admin (active admin_users row); 401 without a session, 403 otherwise.",
  tags: ["admin"],
  responses: {
    200: {
      description: "Failed mail",
      content: { "application/json": { schema: ZFailedMailResponse } },
    },
    401: { description: "No session", content: { "application/json": { schema: ZErrorResponse } } },
    403: {
      description: "Not an admin",
      content: { "application/json": { schema: ZErrorResponse } },
    },
  },
});

export function failedMailRoutes() {
  return createRouter().openapi(failedMailRoute, async (c) => {
    await requireAdmin(c);
    const failed = await c.var.deps.mailer.failed(FAILED_MAIL_LIMIT);
    const items = failed.map((job) => {
      const mail = job.data as Partial<Mail>;
      return {
        id: job.id,
        to: mail.to ?? "",
        subject: mail.subject ?? "",
        error: job.error,
        attempts: job.attempts,
        createdAt: job.createdAt,
        failedAt: job.failedAt,
      };
    });
    return c.json({ items }, 200);
  });
}
