import { ZErrorResponse } from "../../../contracts/errors.ts";
import { REALTIME_CHANNELS } from "../../../contracts/realtime.ts";
import {
  ZMapQuery,
  ZMapResponse,
  ZPresenceEvent,
  ZSearchQuery,
  ZSearchResponse,
} from "../../../contracts/search.ts";
import { requireAccess } from "../../platform/access.ts";
import { connectionCap, STREAMS_PER_ADDRESS } from "../../platform/connection-cap.ts";
import { defineRoute } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { streamEvents } from "../../platform/sse.ts";
import { mapCreators, searchCreators } from "./service.ts";

const errors = {
  400: {
    description: "Malformed or unknown ZIP, past date, bad cursor",
    content: { "application/json": { schema: ZErrorResponse } },
  },
};

const searchRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/search",
  summary: "Find creators by ZIP, date and service",
  description:
    "Lists published, approved creators whose service area (base + travel radius) covers the ZIP, of the service, free on the date; nearest first, then best rated. Keyset-paged with an opaque cursor.",
  tags: ["search"],
  request: { query: ZSearchQuery },
  responses: {
    200: { description: "One page", content: { "application/json": { schema: ZSearchResponse } } },
    ...errors,
  },
});

const mapRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/map/creators",
  summary: "Creators with a live position inside the map's bounds, with stats",
  description:
    "Published, approved creators with a live position; stats count the available ones, their average rating and (given lat/lng) their average distance.",
  tags: ["search"],
  request: { query: ZMapQuery },
  responses: {
    200: {
      description: "Markers and stats",
      content: { "application/json": { schema: ZMapResponse } },
    },
    ...errors,
  },
});

export function searchRoutes() {
  const router = createRouter()
    .openapi(searchRoute, async (c) =>
      c.json(await searchCreators(c.var.deps, c.req.valid("query")), 200),
    )
    .openapi(mapRoute, async (c) =>
      c.json(await mapCreators(c.var.deps, c.req.valid("query")), 200),
    );
  // Server-Sent Events: "presence" whenever a creator goes online, moves or goes offline (only
  // listed creators' positions are ever sent; see migration 031).
  router.get("/map/events", requireAccess("public"), connectionCap(STREAMS_PER_ADDRESS), (c) =>
    streamEvents(c, [
      {
        channel: REALTIME_CHANNELS.creatorPresence,
        event: "presence",
        allow: (payload) => ZPresenceEvent.safeParse(payload).success,
      },
    ]),
  );
  return router;
}
