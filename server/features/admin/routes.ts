import { ZAdminMe, ZAdminOverview } from "../../../contracts/accounts.ts";
import {
  ZAdminNotificationsResponse,
  ZMarkNotificationsReadRequest,
  ZMarkNotificationsReadResponse,
} from "../../../contracts/admin-notifications.ts";
import { defineRoute, json } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import {
  getAdminNotifications,
  markAdminNotificationsRead,
  recordAdminLogin,
} from "../staff/service.ts";
import { getAdminOverview } from "./service.ts";

const meRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/me",
  summary: "The signed-in admin's role; records the login (last_login_at = now)",
  tags: ["admin"],
  responses: {
    200: { description: "Admin", content: json(ZAdminMe) },
  },
});

const overviewRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/overview",
  summary: "Dashboard figures: active creators, paid bookings, service-fee revenue",
  tags: ["admin"],
  responses: {
    200: { description: "Figures", content: json(ZAdminOverview) },
  },
});

const notificationsRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/notifications",
  summary: "Staff notifications, newest first, with this admin's read state",
  tags: ["admin"],
  responses: {
    200: {
      description: "Notifications",
      content: json(ZAdminNotificationsResponse),
    },
  },
});

const markReadRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/notifications/read",
  summary: "Marks notifications read for this admin (all when no ids are given)",
  tags: ["admin"],
  request: {
    body: { content: json(ZMarkNotificationsReadRequest) },
  },
  responses: {
    200: {
      description: "Unread count after marking",
      content: json(ZMarkNotificationsReadResponse),
    },
  },
});

export function adminRoutes() {
  return createRouter()
    .openapi(meRoute, async (c) => {
      const { user } = c.var;
      const admin = await recordAdminLogin(c.var.deps, user.id);
      if (!admin) throw new AppError("forbidden", "Admin access required");
      return c.json(
        {
          userId: user.id,
          email: user.email,
          name: user.name,
          role: admin.role,
          lastLoginAt: admin.lastLoginAt,
        },
        200,
      );
    })
    .openapi(overviewRoute, async (c) => {
      return c.json(await getAdminOverview(c.var.deps), 200);
    })
    .openapi(notificationsRoute, async (c) => {
      return c.json(await getAdminNotifications(c.var.deps, c.var.user.id), 200);
    })
    .openapi(markReadRoute, async (c) => {
      const { ids } = c.req.valid("json");
      const unreadCount = await markAdminNotificationsRead(c.var.deps, c.var.user.id, ids);
      return c.json({ unreadCount }, 200);
    });
}
