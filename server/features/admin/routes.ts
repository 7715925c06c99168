import { createRoute } from "@hono/zod-openapi";
import { ZAdminMe, ZAdminOverview } from "../../../contracts/accounts.ts";
import {
  ZAdminNotificationsResponse,
  ZMarkNotificationsReadRequest,
  ZMarkNotificationsReadResponse,
} from "../../../contracts/admin-notifications.ts";
import { ZErrorResponse } from "../../../contracts/errors.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { requireAdmin } from "../../platform/session.ts";
import {
  getAdminNotifications,
  getAdminOverview,
  markAdminNotificationsRead,
  recordAdminLogin,
} from "./service.ts";

const WHO =
  "Who may call: an admin (active admin_users row); 401 without a session, 403 otherwise.";

const errors = {
  401: { description: "No session", content: { "application/json": { schema: ZErrorResponse } } },
  403: { description: "Not an admin", content: { "application/json": { schema: ZErrorResponse } } },
};

const meRoute = createRoute({
  method: "get",
  path: "/admin/me",
  summary: "The signed-in admin's role; records the login (last_login_at = now)",
  description: WHO,
  tags: ["admin"],
  responses: {
    200: { description: "Admin", content: { "application/json": { schema: ZAdminMe } } },
    ...errors,
  },
});

const overviewRoute = createRoute({
  method: "get",
  path: "/admin/overview",
  summary: "Dashboard figures: active creators, paid bookings, service-fee revenue",
  description: WHO,
  tags: ["admin"],
  responses: {
    200: { description: "Figures", content: { "application/json": { schema: ZAdminOverview } } },
    ...errors,
  },
});

const notificationsRoute = createRoute({
  method: "get",
  path: "/admin/notifications",
  summary: "Staff notifications, newest first, with this admin's read state",
  description: WHO,
  tags: ["admin"],
  responses: {
    200: {
      description: "Notifications",
      content: { "application/json": { schema: ZAdminNotificationsResponse } },
    },
    ...errors,
  },
});

const markReadRoute = createRoute({
  method: "post",
  path: "/admin/notifications/read",
  summary: "Marks notifications read for this admin (all when no ids are given)",
  description: WHO,
  tags: ["admin"],
  request: {
    body: { content: { "application/json": { schema: ZMarkNotificationsReadRequest } } },
  },
  responses: {
    200: {
      description: "Unread count after marking",
      content: { "application/json": { schema: ZMarkNotificationsReadResponse } },
    },
    ...errors,
  },
});

export function adminRoutes() {
  return createRouter()
    .openapi(meRoute, async (c) => {
      const { user } = await requireAdmin(c);
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
      await requireAdmin(c);
      return c.json(await getAdminOverview(c.var.deps), 200);
    })
    .openapi(notificationsRoute, async (c) => {
      const { user } = await requireAdmin(c);
      return c.json(await getAdminNotifications(c.var.deps, user.id), 200);
    })
    .openapi(markReadRoute, async (c) => {
      const { user } = await requireAdmin(c);
      const { ids } = c.req.valid("json");
      const unreadCount = await markAdminNotificationsRead(c.var.deps, user.id, ids);
      return c.json({ unreadCount }, 200);
    });
}
