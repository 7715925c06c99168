import {
  ZAdminAuditPage,
  ZAdminAuditQuery,
  ZAdminBookingDetail,
  ZAdminBookingsPage,
  ZAdminBookingsQuery,
  ZAdminFigures,
  ZAdminUserResponse,
  ZAdminUsersPage,
  ZAdminUsersQuery,
  ZDeactivateRequest,
  ZFiguresQuery,
  ZProblemsResponse,
} from "../../../contracts/back-office.ts";
import { idParam } from "../../../contracts/common.ts";
import { defineRoute, failure, json, jsonResponse } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { listAudit } from "./audit-queries.ts";
import { findBookingDetail, listBookings } from "./booking-queries.ts";
import { getFigures } from "./figures.ts";
import { listProblems } from "./problems.ts";
import { deactivateUser, listUsers, reactivateUser } from "./users.ts";

const ZBookingIdParam = idParam("Booking not found");
const ZUserIdParam = idParam("User not found");

const figuresRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/figures",
  summary: "Dashboard figures for a period, from the payments ledger, and a weekly series",
  tags: ["admin"],
  request: { query: ZFiguresQuery },
  responses: { 200: jsonResponse(ZAdminFigures, "Figures") },
});

const bookingsRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/bookings",
  summary: "Bookings newest first; q matches a party's name or email, or the booking id",
  tags: ["admin"],
  request: { query: ZAdminBookingsQuery },
  responses: { 200: jsonResponse(ZAdminBookingsPage, "A page of bookings") },
});

const bookingRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/bookings/{id}",
  summary: "One booking: parties, amounts, payments ledger, timeline, delivery, audit entries",
  tags: ["admin"],
  request: { params: ZBookingIdParam },
  responses: {
    200: jsonResponse(ZAdminBookingDetail, "The booking"),
    404: failure("No such booking"),
  },
});

const problemsRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/problems",
  summary:
    "What users reported: disputed deliveries, conversation reports, booking problems, repeat hail cancellers",
  tags: ["admin"],
  responses: { 200: jsonResponse(ZProblemsResponse, "Problems, newest first") },
});

const usersRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/users",
  summary: "Users newest first with role and status; q matches name or email",
  tags: ["admin"],
  request: { query: ZAdminUsersQuery },
  responses: { 200: jsonResponse(ZAdminUsersPage, "A page of users") },
});

const userActionResponses = {
  200: jsonResponse(ZAdminUserResponse, "The user as it is now"),
  403: failure("A staff account"),
  404: failure("No such user"),
  409: failure("Already in that state"),
};

const deactivateRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/users/{id}/deactivate",
  summary: "Deactivate a client or creator with a reason: signed out at once, cannot sign in",
  tags: ["admin"],
  request: {
    params: ZUserIdParam,
    body: { content: json(ZDeactivateRequest) },
  },
  responses: userActionResponses,
});

const reactivateRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/users/{id}/reactivate",
  summary: "Reactivate a deactivated client or creator",
  tags: ["admin"],
  request: { params: ZUserIdParam },
  responses: userActionResponses,
});

const auditRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/audit",
  summary: "The staff audit log newest first, filtered by action or target",
  tags: ["admin"],
  request: { query: ZAdminAuditQuery },
  responses: { 200: jsonResponse(ZAdminAuditPage, "A page of the audit log") },
});

/** How many of a booking's own audit entries its detail shows. */
const BOOKING_AUDIT_LIMIT = 50;

export function backOfficeRoutes() {
  return createRouter()
    .openapi(figuresRoute, async (c) =>
      c.json(await getFigures(c.var.deps, c.req.valid("query").period), 200),
    )
    .openapi(bookingsRoute, async (c) =>
      c.json(await listBookings(c.var.deps.database.db, c.req.valid("query")), 200),
    )
    .openapi(bookingRoute, async (c) => {
      const { id } = c.req.valid("param");
      const db = c.var.deps.database.db;
      const booking = await findBookingDetail(db, id);
      if (!booking) throw new AppError("not_found", "Booking not found");
      const audit = await listAudit(
        db,
        { targetType: "booking", targetId: id },
        1,
        BOOKING_AUDIT_LIMIT,
      );
      return c.json({ ...booking, audit: audit.items }, 200);
    })
    .openapi(problemsRoute, async (c) =>
      c.json({ items: await listProblems(c.var.deps.database.db, c.var.deps.now()) }, 200),
    )
    .openapi(usersRoute, async (c) =>
      c.json(await listUsers(c.var.deps.database.db, c.req.valid("query")), 200),
    )
    .openapi(deactivateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      return c.json({ user: await deactivateUser(c.var.deps, c.var.user.id, id, reason) }, 200);
    })
    .openapi(reactivateRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ user: await reactivateUser(c.var.deps, c.var.user.id, id) }, 200);
    })
    .openapi(auditRoute, async (c) => {
      const { page, ...filter } = c.req.valid("query");
      return c.json(await listAudit(c.var.deps.database.db, filter, page), 200);
    });
}
