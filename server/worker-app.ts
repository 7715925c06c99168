import { Hono } from "hono";
import { healthRoutes } from "./features/health/routes.ts";
import type { AppDeps } from "./platform/deps.ts";
import { errorBody } from "./platform/errors.ts";
import { type AppEnv, createRouter, respondWithError } from "./platform/http.ts";
import { requestIdFrom } from "./platform/request-id.ts";

/**
 * What a worker process (PROCESS_ROLE=worker) answers on its port: /api/health and /api/ready
 * for whoever supervises it, and nothing else. It serves no public traffic.
 */
export function createWorkerApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("requestId", requestIdFrom(c.req.header("x-request-id")));
    await next();
  });
  const api = createRouter();
  api.route("/", healthRoutes());
  app.route("/api", api);
  app.all("*", (c) =>
    c.json(errorBody("not_found", "A worker process answers only /api/health and /api/ready"), 404),
  );
  app.onError(respondWithError);
  return app;
}
