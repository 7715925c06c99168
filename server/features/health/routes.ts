import { sql } from "kysely";
import { ZErrorResponse } from "../../../contracts/errors.ts";
import { ZHealthResponse } from "../../../contracts/health.ts";
import { defineRoute } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";

const healthRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/health",
  summary: "Liveness and database check",
  tags: ["platform"],
  responses: {
    200: { description: "Up", content: { "application/json": { schema: ZHealthResponse } } },
    503: {
      description: "Database down",
      content: { "application/json": { schema: ZErrorResponse } },
    },
  },
});

export function healthRoutes() {
  return createRouter().openapi(healthRoute, async (c) => {
    const { database, startedAt } = c.var.deps;
    try {
      await sql`select 1`.execute(database.db);
    } catch {
      throw new AppError("unavailable", "Database unavailable");
    }
    return c.json(
      {
        status: "ok" as const,
        database: database.kind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      },
      200,
    );
  });
}
