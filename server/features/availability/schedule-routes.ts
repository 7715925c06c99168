import type { z } from "@hono/zod-openapi";
import { ZCreatorIdParam } from "../../../contracts/profiles.ts";
import {
  ZDateOverrideRequest,
  ZNextStart,
  ZNextStartQuery,
  ZOneOffRequest,
  ZSchedule,
  ZScheduleItemParam,
  ZScheduleSettings,
  ZWeeklyHoursRequest,
} from "../../../contracts/schedule.ts";
import { defineRoute, failure, json, jsonResponse } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { findScheduleOwner } from "./schedule-queries.ts";
import {
  addDateOverride,
  addOneOff,
  addWeeklyHours,
  deleteScheduleItem,
  getSchedule,
  nextStart,
  putSettings,
} from "./schedule-service.ts";

// A creator's own weekly hours, date overrides, one-off times and settings (issue 12), and a
// creator's nearest bookable start for the map's Book button. Every change answers the whole
// schedule. Adding what is already there adds nothing, so a retried POST is harmless.

const body = <S extends z.ZodType>(schema: S) => ({
  body: { content: json(schema), required: true as const },
});
const base = <M extends "get" | "put" | "post" | "delete", P extends string>(
  method: M,
  path: P,
  summary: string,
) => ({
  access: "creator" as const,
  method,
  path,
  summary,
  description: "The caller's own schedule, in their time zone.",
  tags: ["availability"],
  responses: {
    200: jsonResponse(ZSchedule, "The whole schedule after the change"),
    400: failure("Invalid input"),
    404: failure("No such item of the caller's"),
  },
});

const getRoute = defineRoute(base("get", "/availability/schedule", "The caller's schedule"));
const addWeeklyRoute = defineRoute({
  ...base("post", "/availability/schedule/weekly", "Add weekly hours to one or more weekdays"),
  request: body(ZWeeklyHoursRequest),
});
const deleteWeeklyRoute = defineRoute({
  ...base("delete", "/availability/schedule/weekly/{id}", "Delete weekly hours"),
  request: { params: ZScheduleItemParam },
});
const addOverrideRoute = defineRoute({
  ...base("post", "/availability/schedule/overrides", "Set a day off or other hours on a date"),
  request: body(ZDateOverrideRequest),
});
const deleteOverrideRoute = defineRoute({
  ...base("delete", "/availability/schedule/overrides/{id}", "Delete a date override"),
  request: { params: ZScheduleItemParam },
});
const addOneOffRoute = defineRoute({
  ...base("post", "/availability/schedule/one-offs", "Add a one-off available time"),
  request: body(ZOneOffRequest),
});
const deleteOneOffRoute = defineRoute({
  ...base("delete", "/availability/schedule/one-offs/{id}", "Delete a one-off time"),
  request: { params: ZScheduleItemParam },
});
const settingsRoute = defineRoute({
  ...base("put", "/availability/schedule/settings", "Set minimum notice and buffer"),
  request: body(ZScheduleSettings),
});
const nextStartRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/creators/{id}/next-start",
  summary: "The creator's nearest bookable start (their zone's date and time), null within a week",
  tags: ["availability"],
  request: { params: ZCreatorIdParam, query: ZNextStartQuery },
  responses: {
    200: jsonResponse(ZNextStart, "The nearest start, or null"),
    404: failure("Creator not found"),
  },
});

export function scheduleRoutes() {
  return createRouter()
    .openapi(getRoute, async (c) =>
      c.json(await getSchedule(c.var.deps, c.var.creator.profileId), 200),
    )
    .openapi(addWeeklyRoute, async (c) =>
      c.json(await addWeeklyHours(c.var.deps, c.var.creator.profileId, c.req.valid("json")), 200),
    )
    .openapi(deleteWeeklyRoute, async (c) =>
      c.json(
        await deleteScheduleItem(
          c.var.deps,
          c.var.creator.profileId,
          "weekly",
          c.req.valid("param").id,
        ),
        200,
      ),
    )
    .openapi(addOverrideRoute, async (c) =>
      c.json(await addDateOverride(c.var.deps, c.var.creator.profileId, c.req.valid("json")), 200),
    )
    .openapi(deleteOverrideRoute, async (c) =>
      c.json(
        await deleteScheduleItem(
          c.var.deps,
          c.var.creator.profileId,
          "override",
          c.req.valid("param").id,
        ),
        200,
      ),
    )
    .openapi(addOneOffRoute, async (c) =>
      c.json(await addOneOff(c.var.deps, c.var.creator.profileId, c.req.valid("json")), 200),
    )
    .openapi(deleteOneOffRoute, async (c) =>
      c.json(
        await deleteScheduleItem(
          c.var.deps,
          c.var.creator.profileId,
          "oneOff",
          c.req.valid("param").id,
        ),
        200,
      ),
    )
    .openapi(settingsRoute, async (c) =>
      c.json(await putSettings(c.var.deps, c.var.creator.profileId, c.req.valid("json")), 200),
    )
    .openapi(nextStartRoute, async (c) => {
      const owner = await findScheduleOwner(c.var.deps.database.db, c.req.valid("param").id, true);
      if (!owner) throw new AppError("not_found", "Creator not found");
      return c.json(await nextStart(c.var.deps, owner, c.req.valid("query").hours), 200);
    });
}
