import { z } from "@hono/zod-openapi";
import {
  ZNotificationIdParam,
  ZNotificationsQuery,
  ZNotificationsResponse,
  ZUnreadCountResponse,
} from "../../../contracts/notifications.ts";
import {
  UNSUBSCRIBE_INVALID,
  ZPreferences,
  ZUnsubscribeRequest,
  ZUnsubscribeResponse,
} from "../../../contracts/preferences.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { UNSUBSCRIBE_API_PATH } from "./paths.ts";
import { getPreferences, putPreferences, unsubscribe } from "./preferences.ts";
import { getNotifications, readAllNotifications, readNotification } from "./service.ts";

const listRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/notifications",
  summary: "The caller's notifications, newest first, with the unread count",
  tags: ["notifications"],
  request: { query: ZNotificationsQuery },
  responses: {
    200: { description: "A page of notifications", content: json(ZNotificationsResponse) },
    404: failure("`before` is not one of the caller's notifications"),
  },
});

const readRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/notifications/{id}/read",
  summary: "Mark one of the caller's notifications read",
  tags: ["notifications"],
  request: { params: ZNotificationIdParam },
  responses: {
    200: { description: "The new unread count", content: json(ZUnreadCountResponse) },
    404: failure("No such notification of the caller's"),
  },
});

const readAllRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/notifications/read-all",
  summary: "Mark all the caller's notifications read",
  tags: ["notifications"],
  responses: {
    200: { description: "The new unread count (0)", content: json(ZUnreadCountResponse) },
  },
});

const getPreferencesRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/account/preferences",
  summary: "The caller's read-receipt and mail settings",
  tags: ["notifications"],
  responses: { 200: { description: "The settings", content: json(ZPreferences) } },
});

const putPreferencesRoute = defineRoute({
  access: "signedIn",
  method: "put",
  path: "/account/preferences",
  summary: "Save the caller's read-receipt and mail settings",
  description: "Security and payment mails always go and have no setting.",
  tags: ["notifications"],
  request: { body: { content: json(ZPreferences), required: true } },
  responses: {
    200: { description: "The saved settings", content: json(ZPreferences) },
    400: failure("Invalid settings"),
  },
});

/** RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click`, the token in the URL. */
const ZOneClickForm = z.looseObject({}).describe("List-Unsubscribe=One-Click");

const unsubscribeRoute = defineRoute({
  access: "public",
  method: "post",
  path: UNSUBSCRIBE_API_PATH,
  summary: "Turn off one mail category with the token of a mail's unsubscribe link",
  description:
    "The token comes in the JSON body (the /unsubscribe page) or in the query (the List-Unsubscribe one-click POST of RFC 8058, whose form body is `List-Unsubscribe=One-Click`).",
  tags: ["notifications"],
  request: {
    query: z.object({ token: ZUnsubscribeRequest.shape.token.optional() }),
    body: {
      content: {
        ...json(ZUnsubscribeRequest),
        "application/x-www-form-urlencoded": { schema: ZOneClickForm },
        "multipart/form-data": { schema: ZOneClickForm },
      },
      required: false,
    },
  },
  responses: {
    200: { description: "The category now off", content: json(ZUnsubscribeResponse) },
    400: failure("The token is not valid"),
  },
});

export function notificationRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await getNotifications(c.var.deps, c.var.user.id, c.req.valid("query")), 200),
    )
    .openapi(readAllRoute, async (c) =>
      c.json(await readAllNotifications(c.var.deps, c.var.user.id), 200),
    )
    .openapi(readRoute, async (c) =>
      c.json(await readNotification(c.var.deps, c.var.user.id, c.req.valid("param").id), 200),
    )
    .openapi(getPreferencesRoute, async (c) =>
      c.json(await getPreferences(c.var.deps, c.var.user.id), 200),
    )
    .openapi(putPreferencesRoute, async (c) =>
      c.json(await putPreferences(c.var.deps, c.var.user.id, c.req.valid("json")), 200),
    )
    .openapi(unsubscribeRoute, async (c) => {
      const body = c.req.valid("json") as { token?: string };
      const token = c.req.valid("query").token ?? body.token;
      if (!token) throw new AppError("bad_request", UNSUBSCRIBE_INVALID);
      return c.json(await unsubscribe(c.var.deps, token), 200);
    });
}
