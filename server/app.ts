import { type Context, Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { wireDomains } from "./domain-wiring.ts";
import { handleAuthRequest } from "./features/accounts/auth-handler.ts";
import { devOutboxApiRoutes, devOutboxPage } from "./features/accounts/dev-outbox.ts";
import { accountRoutes } from "./features/accounts/routes.ts";
import { backOfficeRoutes } from "./features/admin/back-office-routes.ts";
import { failedMailRoutes } from "./features/admin/failed-mail-routes.ts";
import { adminRoutes } from "./features/admin/routes.ts";
import { adminApplicationRoutes } from "./features/applications/admin-routes.ts";
import { applicationRoutes } from "./features/applications/routes.ts";
import { calendarRoutes } from "./features/availability/calendar-routes.ts";
import { availabilityRoutes } from "./features/availability/routes.ts";
import { scheduleRoutes } from "./features/availability/schedule-routes.ts";
import { bookingRoutes } from "./features/bookings/routes.ts";
import { calendarFeedFileRoutes, calendarFeedRoutes } from "./features/calendars/routes.ts";
import { deliveryRoutes } from "./features/delivery/routes.ts";
import { eventRoutes } from "./features/events/routes.ts";
import { hailRoutes } from "./features/hail/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { messagingRoutes } from "./features/messaging/routes.ts";
import { pushRoutes } from "./features/notifications/push-routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { onboardingRoutes } from "./features/onboarding/routes.ts";
import { paymentRoutes } from "./features/payments/routes.ts";
import { sandboxCheckoutRoutes } from "./features/payments/sandbox/sandbox-routes.ts";
import { payoutRoutes } from "./features/payouts/routes.ts";
import { profileSetupRoutes } from "./features/profile-setup/routes.ts";
import { findApprovedCreator } from "./features/profile-setup/service.ts";
import { profilePageHead, profileRoutes } from "./features/profiles/routes.ts";
import { searchEngineRoutes } from "./features/profiles/sitemap.ts";
import { reviewRoutes } from "./features/reviews/routes.ts";
import { searchRoutes } from "./features/search/routes.ts";
import { getAdminAccess } from "./features/staff/service.ts";
import { controlRoutes } from "./features/staff/staff-control-routes.ts";
import { type RoleLookup, requireAccess } from "./platform/access.ts";
import { mountApiDocs } from "./platform/api-docs.ts";
import { trustedOrigins } from "./platform/auth.ts";
import { DEFAULT_BODY_LIMIT_BYTES, hasBody, limitBody } from "./platform/body-limit.ts";
import { compressResponses } from "./platform/compression.ts";
import { refuseCrossSiteWrites } from "./platform/cross-site.ts";
import type { AppDeps } from "./platform/deps.ts";
import { errorBody } from "./platform/errors.ts";
import { type AppEnv, createRouter, respondWithError } from "./platform/http.ts";
import { mediaRoutes } from "./platform/media-routes.ts";
import { requestIdFrom } from "./platform/request-id.ts";
import { webAppRoutes } from "./platform/web-app.ts";

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
  wireDomains(deps);
  const app = new Hono<AppEnv>();
  const roles: RoleLookup = {
    admin: (userId) => getAdminAccess(deps, userId),
    creator: (userId) => findApprovedCreator(deps, userId),
  };

  app.use("*", async (c, next) => {
    const started = performance.now();
    c.set("deps", deps);
    c.set("roles", roles);
    c.set("requestId", requestIdFrom(c.req.header("x-request-id")));
    await next();
    // A load balancer probes these every second or two: keep them out of the info log.
    const level = c.req.path === "/api/ready" || c.req.path === "/api/health" ? "debug" : "info";
    deps.log[level](
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
  // A route's own header wins (creators' documents carry `Content-Security-Policy: sandbox`).
  app.use("*", secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, overwrite: false }));
  // Text (HTML, JS, CSS, JSON) goes out compressed; images and event streams are left alone.
  app.use("*", compressResponses());
  // Another site's page may not make a signed-in browser write (docs/decisions/016).
  app.use("*", refuseCrossSiteWrites(trustedOrigins(deps.config)));
  // Bodies are limited per route, after access and rate limits (define-route.ts): nothing is
  // read app-wide, and an unknown path reads nothing at all.

  // Better Auth answers everything under /api/auth (sign-in, sign-up, verification, reset, OAuth)
  // and checks its own sessions where an endpoint needs one. Its bodies are small JSON.
  app.on(
    ["GET", "POST"],
    "/api/auth/*",
    requireAccess("public"),
    limitBody(DEFAULT_BODY_LIMIT_BYTES),
    handleAuthRequest,
  );

  const api = createRouter();
  api.route("/", healthRoutes());
  api.route("/", accountRoutes());
  api.route("/", adminRoutes());
  api.route("/", backOfficeRoutes());
  api.route("/", failedMailRoutes());
  // Mail for developers: the routes do not exist in production.
  if (deps.config.env !== "production") api.route("/", devOutboxApiRoutes());
  api.route("/", controlRoutes());
  api.route("/", applicationRoutes());
  api.route("/", adminApplicationRoutes());
  api.route("/", onboardingRoutes());
  api.route("/", profileSetupRoutes());
  api.route("/", searchRoutes());
  api.route("/", profileRoutes());
  api.route("/", eventRoutes());
  api.route("/", bookingRoutes());
  api.route("/", availabilityRoutes());
  api.route("/", hailRoutes());
  api.route("/", messagingRoutes());
  api.route("/", scheduleRoutes());
  api.route("/", calendarRoutes());
  api.route("/", calendarFeedRoutes());
  api.route("/", notificationRoutes());
  api.route("/", pushRoutes());
  api.route("/", reviewRoutes());
  api.route("/", payoutRoutes());
  api.route("/", deliveryRoutes());
  mountApiDocs(api);
  app.route("/api", api);
  // The payment provider's redirects and webhooks: not JSON API routes, but under /api.
  app.route("/", paymentRoutes());
  const noSuchRoute = (c: Context<AppEnv>) =>
    c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}`), 404, {
      // Its body is never read: close the connection rather than leave it unread on it.
      ...(hasBody(c) ? { Connection: "close" } : {}),
    });
  // Outsiders learn nothing about which admin routes exist.
  app.all("/api/admin/*", requireAccess("admin"), noSuchRoute);
  app.all("/api/*", requireAccess("public"), noSuchRoute);

  if (deps.config.env !== "production") app.route("/", devOutboxPage());
  app.route("/media", mediaRoutes());
  // Calendar apps fetch a person's booking feed by its secret URL (no session).
  app.route("/", calendarFeedFileRoutes());
  // The built-in payment provider's approval page, when no PayPal account is configured; never
  // in production, where anyone could approve any order on it (config.ts requires PayPal there).
  if (!deps.config.paypal && deps.config.env !== "production") {
    app.route("/", sandboxCheckoutRoutes());
  }
  app.route("/", searchEngineRoutes());
  app.route("/", webAppRoutes(deps.config.webDistDir, [profilePageHead]));
  app.onError(respondWithError);
  return app;
}
