import { ZHealthResponse } from "../../../contracts/health.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { pingDatabase } from "./queries.ts";

const healthRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/health",
  summary: "Liveness and database check",
  tags: ["platform"],
  responses: {
    200: { description: "Up", content: json(ZHealthResponse) },
    503: failure("Database down"),
  },
});

export function healthRoutes() {
  return createRouter().openapi(healthRoute, async (c) => {
    const { database, startedAt } = c.var.deps;
    try {
      await pingDatabase(database.db);
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
