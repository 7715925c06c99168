import { ZHealthResponse, ZReadyResponse } from "../../../contracts/health.ts";
import { listMigrations, pendingMigrations } from "../../db/migrate.ts";
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

const readyRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/ready",
  summary: "Readiness for a load balancer",
  description:
    "200 while this process should get traffic: its database answers, every migration of this build is applied and it is not shutting down; otherwise 503 with the reason (docs/deploy.md).",
  tags: ["platform"],
  responses: {
    200: { description: "Ready", content: json(ZReadyResponse) },
    503: failure("Shutting down, database unreachable or migrations pending"),
  },
});

// This build's migrations: read from disk once, checked against the database on every probe.
let migrationNames: string[] | undefined;

export function healthRoutes() {
  return createRouter()
    .openapi(healthRoute, async (c) => {
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
    })
    .openapi(readyRoute, async (c) => {
      const { database, readiness, config } = c.var.deps;
      if (readiness.stopping) throw new AppError("unavailable", "Shutting down");
      migrationNames ??= listMigrations().map((m) => m.name);
      let pending: string[];
      try {
        pending = await pendingMigrations(database.pool, migrationNames);
      } catch {
        throw new AppError("unavailable", "Database unavailable");
      }
      if (pending.length) {
        throw new AppError(
          "unavailable",
          `${pending.length} migration(s) not applied yet, from ${pending[0]}`,
        );
      }
      return c.json({ status: "ready" as const, database: database.kind, role: config.role }, 200);
    });
}
