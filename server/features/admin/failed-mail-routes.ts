import { FAILED_MAIL_LIMIT, ZFailedMailResponse } from "../../../contracts/admin-mail.ts";
import { defineRoute, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import type { Mail } from "../../platform/mail.ts";

const failedMailRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/mail/failed",
  summary: "Mail the queue gave up on after its retries (dead letters), newest first",
  tags: ["admin"],
  responses: {
    200: {
      description: "Failed mail",
      content: json(ZFailedMailResponse),
    },
  },
});

export function failedMailRoutes() {
  return createRouter().openapi(failedMailRoute, async (c) => {
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
