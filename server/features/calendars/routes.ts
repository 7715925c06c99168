import { Hono } from "hono";
import { CALENDAR_MESSAGES, CALENDARS, ZCalendarFeed } from "../../../contracts/calendars.ts";
import { requireAccess } from "../../platform/access.ts";
import { defineRoute, jsonResponse } from "../../platform/define-route.ts";
import { errorBody } from "../../platform/errors.ts";
import { type AppEnv, createRouter } from "../../platform/http.ts";
import { rateLimit } from "../../platform/rate-limit.ts";
import {
  FEED_PATH_PREFIX,
  getFeed,
  hashToken,
  openFeed,
  renderFeed,
  revokeFeed,
} from "./service.ts";

// The caller's own feed URL (on, new URL, off), and the feed itself: anonymous by its token.

const base = <M extends "get" | "put" | "post" | "delete", P extends string>(
  method: M,
  path: P,
  summary: string,
) => ({
  access: "signedIn" as const,
  method,
  path,
  summary,
  description: "The caller's private ICS feed of their bookings (as client and as creator).",
  tags: ["calendars"],
  responses: { 200: jsonResponse(ZCalendarFeed, "The feed's URL (null when off)") },
});

const getRoute = defineRoute(base("get", "/calendar-feed", "The caller's feed URL"));
const openRoute = defineRoute(
  base("put", "/calendar-feed", "Turn the feed on (keeps an existing URL)"),
);
const replaceRoute = defineRoute(
  base("post", "/calendar-feed/replace", "Give the feed a new URL (the old one stops working)"),
);
const revokeRoute = defineRoute(base("delete", "/calendar-feed", "Turn the feed off"));

export function calendarFeedRoutes() {
  return createRouter()
    .openapi(getRoute, async (c) => c.json(await getFeed(c.var.deps, c.var.user.id), 200))
    .openapi(openRoute, async (c) => c.json(await openFeed(c.var.deps, c.var.user.id, false), 200))
    .openapi(replaceRoute, async (c) =>
      c.json(await openFeed(c.var.deps, c.var.user.id, true), 200),
    )
    .openapi(revokeRoute, async (c) => c.json(await revokeFeed(c.var.deps, c.var.user.id), 200));
}

/** The token of `/calendar/<token>.ics`. */
const tokenIn = (file: string) => file.replace(/\.ics$/, "");

/**
 * GET /calendar/<token>.ics: a calendar app fetches it without a session. Counted per token,
 * not per address: one calendar service fetches many people's feeds from the same addresses.
 */
export function calendarFeedFileRoutes() {
  const app = new Hono<AppEnv>();
  app.get(
    `${FEED_PATH_PREFIX}:file`,
    requireAccess("public"),
    rateLimit(
      { name: "calendar-feed", max: CALENDARS.feedFetchesPerHour, windowSeconds: 3600 },
      (c) => `feed:${hashToken(tokenIn(c.req.param("file") ?? "")).slice(0, 32)}`,
    ),
    async (c) => {
      const file = c.req.param("file");
      const ics = file.endsWith(".ics") ? await renderFeed(c.var.deps, tokenIn(file)) : null;
      if (ics === null) return c.json(errorBody("not_found", CALENDAR_MESSAGES.feedNotFound), 404);
      return c.body(ics, 200, {
        "content-type": "text/calendar; charset=utf-8",
        "cache-control": "private, no-store",
        "x-robots-tag": "noindex",
        "referrer-policy": "no-referrer",
      });
    },
  );
  return app;
}
