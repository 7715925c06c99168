import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { UPLOAD_REQUEST_MAX_BYTES } from "../contracts/media.ts";
import { handleAuthRequest } from "./features/accounts/auth-handler.ts";
import { controlRoutes } from "./features/accounts/control.ts";
import { devOutboxApiRoutes, devOutboxPage } from "./features/accounts/dev-outbox.ts";
import { accountRoutes } from "./features/accounts/routes.ts";
import { failedMailRoutes } from "./features/admin/failed-mail-routes.ts";
import { adminRoutes } from "./features/admin/routes.ts";
import { adminApplicationRoutes } from "./features/applications/admin-routes.ts";
import { applicationRoutes } from "./features/applications/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { onboardingRoutes } from "./features/onboarding/routes.ts";
import { profileSetupRoutes } from "./features/profile-setup/routes.ts";
import { profilePageHead, profileRoutes } from "./features/profiles/routes.ts";
import { searchRoutes } from "./features/search/routes.ts";
import { mountApiDocs } from "./platform/api-docs.ts";
import type { AppDeps } from "./platform/deps.ts";
import { errorBody } from "./platform/errors.ts";
import { type AppEnv, createRouter, respondWithError } from "./platform/http.ts";
import { mediaRoutes } from "./platform/media-routes.ts";
import { adminOnly } from "./platform/session.ts";
import { webAppRoutes } from "./platform/web-app.ts";

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Map tiles come from OpenStreetMap's tile servers.
  imgSrc: ["'self'", "data:", "blob:", "https://*.tile.openstreetmap.org"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** Builds the HTTP app from the feature routers. No business logic lives here. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const started = performance.now();
    c.set("deps", deps);
    c.set("requestId", c.req.header("x-request-id") ?? randomUUID());
    await next();
    deps.log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        requestId: c.var.requestId,
      },
      "request",
    );
  });
  app.use("*", secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY }));
  // Text (HTML, JS, CSS, JSON) goes out compressed; images and event streams are left alone.
  app.use("*", compress());
  // The unread rest of a refused body would poison a kept-alive connection: close it.
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(errorBody("payload_too_large", "Request body is too large"), 413, {
          Connection: "close",
        }),
    });
  const jsonLimit = limitBody(JSON_BODY_LIMIT_BYTES);
  const uploadLimit = limitBody(UPLOAD_REQUEST_MAX_BYTES);
  app.use("/api/*", (c, next) =>
    c.req.header("content-type")?.startsWith("multipart/form-data")
      ? uploadLimit(c, next)
      : jsonLimit(c, next),
  );

  // Better Auth answers everything under /api/auth (sign-in, sign-up, verification, reset, OAuth).
  app.on(["GET", "POST"], "/api/auth/*", handleAuthRequest);

  app.use("/api/admin/*", adminOnly);
  const api = createRouter();
  api.route("/", healthRoutes());
  api.route("/", accountRoutes());
  api.route("/", adminRoutes());
  api.route("/", failedMailRoutes());
  api.route("/", devOutboxApiRoutes());
  api.route("/", controlRoutes());
  api.route("/", applicationRoutes());
  api.route("/", adminApplicationRoutes());
  api.route("/", onboardingRoutes());
  api.route("/", profileSetupRoutes());
  api.route("/", searchRoutes());
  api.route("/", profileRoutes());
  mountApiDocs(api);
  app.route("/api", api);
  app.all("/api/*", (c) =>
    c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}`), 404),
  );

  app.route("/", devOutboxPage());
  app.route("/media", mediaRoutes());
  app.route("/", webAppRoutes(deps.config.webDistDir, [profilePageHead]));
  app.onError(respondWithError);
  return app;
}
