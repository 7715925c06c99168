import {
  goOfflineApiPath,
  goOnlineApiPath,
  heartbeatApiPath,
  pageLeftApiPath,
  presenceApiPath,
  stayAvailableApiPath,
  ZPresenceState,
  ZPresenceUpdate,
  ZStayAvailableRequest,
} from "../../../contracts/availability.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { perUser, processRateLimit, rateLimit } from "../../platform/rate-limit.ts";
import { getPresence, goOffline, goOnline, heartbeat, pageLeft, stayAvailable } from "./service.ts";

const state = (description: string) => ({ description, content: json(ZPresenceState) });

// A browser heartbeats every 30 s; a few extra for reloads and two tabs, never a flood.
const HEARTBEAT_LIMIT = { name: "presence-heartbeat", max: 20, windowSeconds: 60 };
const TOGGLE_LIMIT = { name: "presence-toggle", max: 30, windowSeconds: 60 };

const presenceRoute = defineRoute({
  access: "creator",
  method: "get",
  path: presenceApiPath,
  summary: "The caller's own live presence, with their exact last position",
  description:
    "The only response that carries a creator's exact live position, and only their own. Everyone else sees it snapped to the presence grid.",
  tags: ["availability"],
  responses: { 200: state("The caller's presence") },
});

const onlineRoute = defineRoute({
  access: "creator",
  method: "post",
  path: goOnlineApiPath,
  middleware: [rateLimit(TOGGLE_LIMIT, perUser)],
  summary: "Go online: available now, at the device's position if given",
  description:
    "Idempotent. Keep it alive with a heartbeat every heartbeatSeconds: a creator silent for 90 s is turned offline.",
  tags: ["availability"],
  request: { body: { content: json(ZPresenceUpdate), required: false } },
  responses: {
    200: state("Online"),
    400: failure("Invalid position"),
    429: failure("Too many changes"),
  },
});

const offlineRoute = defineRoute({
  access: "creator",
  method: "post",
  path: goOfflineApiPath,
  middleware: [rateLimit(TOGGLE_LIMIT, perUser)],
  summary: "Go offline (idempotent; also sent by the page as it closes, with sendBeacon)",
  tags: ["availability"],
  responses: { 200: state("Offline"), 429: failure("Too many changes") },
});

const pageLeftRoute = defineRoute({
  access: "creator",
  method: "post",
  path: pageLeftApiPath,
  middleware: [rateLimit(TOGGLE_LIMIT, perUser)],
  summary: "A page went away (sent with sendBeacon as it closes, reloads or navigates off)",
  description:
    "The creator stays online for PRESENCE.leaveGraceSeconds (45 s): a reloaded page or another open tab heartbeats within it; otherwise the sweep turns them offline. Never turns anyone online.",
  tags: ["availability"],
  responses: { 204: { description: "Noted" }, 429: failure("Too many changes") },
});

const heartbeatRoute = defineRoute({
  access: "creator",
  method: "post",
  path: heartbeatApiPath,
  // Counted in memory: 167 heartbeats a second must not each write a counter (issue 24).
  middleware: [processRateLimit(HEARTBEAT_LIMIT, perUser)],
  summary: "Stay online; optionally report a new position",
  description:
    "A position is stored at most every 10 s and only when it changed; the heartbeat counts either way.",
  tags: ["availability"],
  request: { body: { content: json(ZPresenceUpdate), required: false } },
  responses: {
    200: state("Still online"),
    400: failure("Invalid position"),
    409: failure("The creator is offline (swept after missed heartbeats): go online again"),
    429: failure("Too many heartbeats"),
  },
});

const stayRoute = defineRoute({
  access: "creator",
  method: "post",
  path: stayAvailableApiPath,
  middleware: [rateLimit(TOGGLE_LIMIT, perUser)],
  summary: "Stay available for hails until a chosen time, without an open tab",
  description:
    "Online until `until` (at most PRESENCE.maxStayAvailableHours ahead) at the point or area (`place`: a ZIP or City, ST) given, else at the last known position; no heartbeats needed meanwhile, and hails arrive by push. The map shows the position on the usual grid and marks it not live-tracked. Repeating it moves the time; going offline ends it.",
  tags: ["availability"],
  request: { body: { content: json(ZStayAvailableRequest), required: true } },
  responses: {
    200: state("Available until the chosen time"),
    400: failure("A time past or too far ahead, an unknown area, or no position known"),
    429: failure("Too many changes"),
  },
});

export function availabilityRoutes() {
  return createRouter()
    .openapi(presenceRoute, async (c) =>
      c.json(await getPresence(c.var.deps, c.var.creator.profileId), 200),
    )
    .openapi(onlineRoute, async (c) =>
      c.json(await goOnline(c.var.deps, c.var.creator.profileId, c.req.valid("json") ?? {}), 200),
    )
    .openapi(offlineRoute, async (c) =>
      c.json(await goOffline(c.var.deps, c.var.creator.profileId), 200),
    )
    .openapi(pageLeftRoute, async (c) => {
      await pageLeft(c.var.deps, c.var.creator.profileId);
      return c.body(null, 204);
    })
    .openapi(heartbeatRoute, async (c) =>
      c.json(await heartbeat(c.var.deps, c.var.creator.profileId, c.req.valid("json") ?? {}), 200),
    )
    .openapi(stayRoute, async (c) =>
      c.json(await stayAvailable(c.var.deps, c.var.creator.profileId, c.req.valid("json")), 200),
    );
}
