import {
  ZMapQuery,
  ZMapResponse,
  ZSearchQuery,
  ZSearchResponse,
} from "../../../contracts/search.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { mapCreators, searchCreators } from "./service.ts";

const errors = {
  400: failure("Malformed or unknown ZIP, past date, bad cursor"),
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
    200: { description: "One page", content: json(ZSearchResponse) },
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
      content: json(ZMapResponse),
    },
    ...errors,
  },
});

export function searchRoutes() {
  return createRouter()
    .openapi(searchRoute, async (c) =>
      c.json(await searchCreators(c.var.deps, c.req.valid("query")), 200),
    )
    .openapi(mapRoute, async (c) =>
      c.json(await mapCreators(c.var.deps, c.req.valid("query")), 200),
    );
}
