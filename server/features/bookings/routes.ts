import type { Context } from "hono";
import type { ZodType } from "zod";
import {
  BOOKING_IDEMPOTENCY_HEADER,
  ZBookingActionResponse,
  ZBookingDetail,
  ZBookingIdParam,
  ZBookingList,
  ZBookingPayResponse,
  ZBookingTimes,
  ZBookingTimesQuery,
  ZCancelBookingRequest,
  ZCreateBookingRequest,
  ZCreateBookingResponse,
  ZOpenRequestCount,
  ZReportProblemRequest,
  ZResolveProblemRequest,
} from "../../../contracts/bookings.ts";
import { ZCreatorIdParam } from "../../../contracts/profiles.ts";
import { resolveCaller } from "../../platform/access.ts";
import { defineRoute, failure, idempotencyKey, json } from "../../platform/define-route.ts";
import { type AppEnv, createRouter } from "../../platform/http.ts";
import { perUser, rateLimit } from "../../platform/rate-limit.ts";
import {
  acceptBooking,
  approveRemainder,
  cancelBooking,
  declineBooking,
  payBooking,
  reportProblem,
  resolveProblem,
} from "./actions.ts";
import { bookingTimes, createBooking } from "./create.ts";
import { getBooking, listBookings, openRequestCount, type Viewer } from "./read.ts";

const notFound = { 404: failure("No such booking, or not one of the caller's") };
const conflict = { 409: failure("The booking is not in a state that allows this") };
// A client books a handful of sessions a day; a script hammering the slot table does not.
const CREATE_LIMIT = { name: "booking-create", max: 30, windowSeconds: 10 * 60 };

const createRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/bookings",
  middleware: [rateLimit(CREATE_LIMIT, perUser)],
  summary: "Book a creator: price it, hold the time, create the provider order",
  description: `Send a fresh ${BOOKING_IDEMPOTENCY_HEADER} per submit; a repeat with the same key makes no second booking. The server prices the booking from the creator's stored rate. Open the order's link with rel "approve" for the client to pay the deposit.`,
  tags: ["bookings"],
  request: { body: { content: json(ZCreateBookingRequest), required: true } },
  responses: {
    201: { description: "Booked, awaiting payment", content: json(ZCreateBookingResponse) },
    400: failure("Invalid input"),
    404: failure("Creator not found"),
    409: failure("That time was just booked"),
    429: failure("Too many bookings from this account"),
    503: failure("The payment provider is not answering"),
  },
});

const listRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/bookings",
  summary: "My Bookings: upcoming and past as a client; requests and schedule as a creator",
  tags: ["bookings"],
  responses: { 200: { description: "The caller's bookings", content: json(ZBookingList) } },
});

const openRequestsRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/bookings/open-requests",
  summary: "How many booking requests await the caller's answer (creators; 0 for others)",
  tags: ["bookings"],
  responses: { 200: { description: "The count", content: json(ZOpenRequestCount) } },
});

const detailRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/bookings/{id}",
  summary: "One booking with its price, payment, ledger, timeline and the caller's actions",
  description: "Only the client, the creator and staff may read a booking; anyone else gets 404.",
  tags: ["bookings"],
  request: { params: ZBookingIdParam },
  responses: {
    200: { description: "The booking", content: json(ZBookingDetail) },
    ...notFound,
  },
});

const timesRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/creators/{id}/booking-times",
  summary: "Start times on a date in the creator's time zone; taken or past ones unavailable",
  tags: ["bookings"],
  request: { params: ZCreatorIdParam, query: ZBookingTimesQuery },
  responses: {
    200: { description: "The start times", content: json(ZBookingTimes) },
    404: failure("Creator not found"),
  },
});

const actionRoute = <R extends ZodType = typeof ZBookingActionResponse>(
  action: string,
  summary: string,
  response?: R,
) =>
  defineRoute({
    access: "signedIn",
    method: "post",
    path: `/bookings/{id}/${action}`,
    summary,
    tags: ["bookings"],
    request: { params: ZBookingIdParam },
    responses: {
      200: {
        description: "The booking after the action",
        content: json(response ?? ZBookingActionResponse),
      },
      ...notFound,
      ...conflict,
    },
  });

const actionWithBodyRoute = <B extends ZodType>(action: string, summary: string, body: B) =>
  defineRoute({
    access: "signedIn",
    method: "post",
    path: `/bookings/{id}/${action}`,
    summary,
    tags: ["bookings"],
    request: { params: ZBookingIdParam, body: { content: json(body), required: true } },
    responses: {
      200: { description: "The booking after the action", content: json(ZBookingActionResponse) },
      ...notFound,
      ...conflict,
    },
  });

const acceptRoute = actionRoute("accept", "Creator: accept a request");
const declineRoute = actionRoute("decline", "Creator: decline a request (void + full refund)");
const cancelRoute = actionWithBodyRoute(
  "cancel",
  "Cancel: pending → full refund; confirmed → the cancellation policy (a staff cancel is audit-logged)",
  ZCancelBookingRequest,
);
const problemRoute = actionWithBodyRoute(
  "report-problem",
  "Client: report a problem with the session (the remainder is not captured)",
  ZReportProblemRequest,
);
const resolveProblemRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/bookings/{id}/resolve-problem",
  summary:
    "Staff: settle a reported problem — complete the session (the remainder is captured) or cancel it with the deposit refunded in full (audit-logged; the same request again answers the booking)",
  tags: ["bookings", "admin"],
  request: {
    params: ZBookingIdParam,
    body: { content: json(ZResolveProblemRequest), required: true },
  },
  responses: {
    200: { description: "The booking after the action", content: json(ZBookingActionResponse) },
    ...notFound,
    ...conflict,
  },
});
const payRoute = actionRoute(
  "pay",
  "Client: the approval link of an unpaid booking",
  ZBookingPayResponse,
);
const remainderRoute = actionRoute(
  "approve-remainder",
  "Client: the approval link of the remaining balance (made now; open in the days before the session)",
  ZBookingPayResponse,
);

export function viewer(c: Context<AppEnv & { Variables: { user: { id: string } } }>): Viewer {
  return {
    userId: c.var.user.id,
    isStaff: () =>
      resolveCaller(c, "admin").then(
        () => true,
        () => false,
      ),
  };
}

export function bookingRoutes() {
  return createRouter()
    .openapi(createRoute, async (c) => {
      const key = idempotencyKey(c, BOOKING_IDEMPOTENCY_HEADER);
      const result = await createBooking(c.var.deps, c.var.user.id, c.req.valid("json"), key);
      return c.json(result, 201);
    })
    .openapi(listRoute, async (c) => c.json(await listBookings(c.var.deps, c.var.user.id), 200))
    .openapi(openRequestsRoute, async (c) =>
      c.json(await openRequestCount(c.var.deps, c.var.user.id), 200),
    )
    .openapi(detailRoute, async (c) =>
      c.json(await getBooking(c.var.deps, c.req.valid("param").id, viewer(c)), 200),
    )
    .openapi(timesRoute, async (c) =>
      c.json(await bookingTimes(c.var.deps, c.req.valid("param").id, c.req.valid("query")), 200),
    )
    .openapi(acceptRoute, async (c) =>
      c.json(await acceptBooking(c.var.deps, c.req.valid("param").id, viewer(c)), 200),
    )
    .openapi(declineRoute, async (c) =>
      c.json(await declineBooking(c.var.deps, c.req.valid("param").id, viewer(c)), 200),
    )
    .openapi(cancelRoute, async (c) => {
      const { reason } = c.req.valid("json");
      return c.json(
        await cancelBooking(c.var.deps, c.req.valid("param").id, viewer(c), reason),
        200,
      );
    })
    .openapi(problemRoute, async (c) => {
      const { description } = c.req.valid("json");
      return c.json(
        await reportProblem(c.var.deps, c.req.valid("param").id, viewer(c), description),
        200,
      );
    })
    .openapi(resolveProblemRoute, async (c) =>
      c.json(
        await resolveProblem(
          c.var.deps,
          c.req.valid("param").id,
          // The route admits staff only.
          { userId: c.var.user.id, isStaff: async () => true },
          c.req.valid("json"),
        ),
        200,
      ),
    )
    .openapi(payRoute, async (c) =>
      c.json(await payBooking(c.var.deps, c.req.valid("param").id, viewer(c)), 200),
    )
    .openapi(remainderRoute, async (c) =>
      c.json(await approveRemainder(c.var.deps, c.req.valid("param").id, viewer(c)), 200),
    );
}
