import {
  ZAddExternalCalendarRequest,
  ZExternalCalendarList,
  ZExternalCalendarParam,
} from "../../../contracts/calendars.ts";
import { defineRoute, failure, json, jsonResponse } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { perUser, rateLimit } from "../../platform/rate-limit.ts";
import { addCalendar, listCalendars, removeCalendar } from "./calendar-service.ts";

// A creator's external calendars (issue 25). Every answer is the whole list, with each
// calendar's last sync and error; adding the same address again adds nothing (retry-safe).

const base = <M extends "get" | "post" | "delete", P extends string>(
  method: M,
  path: P,
  summary: string,
) => ({
  access: "creator" as const,
  method,
  path,
  summary,
  description: "The caller's own external calendars; addresses are never sent back.",
  tags: ["availability"],
  responses: {
    200: jsonResponse(ZExternalCalendarList, "The caller's calendars after the change"),
    400: failure("Invalid address, or too many calendars"),
    404: failure("No such calendar of the caller's"),
  },
});

const listRoute = defineRoute(
  base("get", "/availability/calendars", "The caller's external calendars"),
);
const addRoute = defineRoute({
  ...base("post", "/availability/calendars", "Add an external calendar by its secret ICS address"),
  // Each add fetches a stranger's address: a creator cannot make the server fetch at will.
  middleware: [rateLimit({ name: "calendar-add", max: 20, windowSeconds: 3600 }, perUser)],
  request: {
    body: {
      content: json(ZAddExternalCalendarRequest),
      required: true,
    },
  },
});
const removeRoute = defineRoute({
  ...base(
    "delete",
    "/availability/calendars/{id}",
    "Remove an external calendar and its busy times",
  ),
  request: { params: ZExternalCalendarParam },
});

export function calendarRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listCalendars(c.var.deps, c.var.creator.profileId), 200),
    )
    .openapi(addRoute, async (c) =>
      c.json(await addCalendar(c.var.deps, c.var.creator.profileId, c.req.valid("json").url), 200),
    )
    .openapi(removeRoute, async (c) =>
      c.json(
        await removeCalendar(c.var.deps, c.var.creator.profileId, c.req.valid("param").id),
        200,
      ),
    );
}
