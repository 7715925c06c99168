import type { ZodType } from "zod";
import {
  ZAdminReviewResponse,
  ZAdminReviewsQuery,
  ZAdminReviewsResponse,
  ZBookingIdParam,
  ZBookingReviews,
  ZHideReviewRequest,
  ZReplyRequest,
  ZReviewIdParam,
  ZSubmitReviewRequest,
} from "../../../contracts/reviews.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { listReviewsForStaff, setReviewHidden } from "./moderation.ts";
import { getBookingReviews, replyToReview, submitReview } from "./service.ts";

const body = <T extends ZodType>(schema: T) => ({
  body: { content: json(schema), required: true },
});
const NOT_PARTY = failure("No such booking of the caller's");
const REVIEWS_OK = { description: "The booking's reviews", content: json(ZBookingReviews) };

const readRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/bookings/{id}/reviews",
  summary:
    "The booking's reviews as its client or creator sees them (the other side's only once published)",
  tags: ["reviews"],
  request: { params: ZBookingIdParam },
  responses: { 200: REVIEWS_OK, 404: NOT_PARTY },
});

/** A party's one-time write (review or reply): 201 done now, 200 the same retried, 409 refused. */
const writeOnce = <T extends ZodType>(w: {
  path: string;
  summary: string;
  schema: T;
  done: string;
  retried: string;
  refused: string;
}) =>
  defineRoute({
    access: "signedIn",
    method: "post",
    path: w.path,
    summary: w.summary,
    description: "201 when done now; a retry with the same content answers 200; no edits.",
    tags: ["reviews"],
    request: { params: ZBookingIdParam, ...body(w.schema) },
    responses: {
      200: { description: w.retried, content: json(ZBookingReviews) },
      201: { description: w.done, content: json(ZBookingReviews) },
      404: NOT_PARTY,
      409: failure(w.refused),
    },
  });

const submitRoute = writeOnce({
  path: "/bookings/{id}/reviews",
  summary: "Submit the caller's review of the other party; the second side's publishes both",
  schema: ZSubmitReviewRequest,
  done: "Submitted",
  retried: "Already submitted",
  refused: "Not completed, the window closed, or already reviewed differently",
});

const replyRoute = writeOnce({
  path: "/bookings/{id}/reviews/reply",
  summary: "The creator's one public reply to the client's published review",
  schema: ZReplyRequest,
  done: "Replied",
  retried: "Already replied with this text",
  refused: "Not the creator, nothing published to reply to, or already replied",
});

const staffListRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/reviews",
  summary: "Staff: reviews newest first, by state, searched by creator or author",
  tags: ["admin", "reviews"],
  request: { query: ZAdminReviewsQuery },
  responses: { 200: { description: "A page of reviews", content: json(ZAdminReviewsResponse) } },
});

const hideRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/reviews/{id}/hide",
  summary: "Staff: hide a review that breaks the rules, with the reason",
  tags: ["admin", "reviews"],
  request: { params: ZReviewIdParam, ...body(ZHideReviewRequest) },
  responses: {
    200: { description: "Hidden", content: json(ZAdminReviewResponse) },
    404: failure("No such review"),
    409: failure("Already hidden"),
  },
});

const unhideRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/reviews/{id}/unhide",
  summary: "Staff: show a hidden review again",
  tags: ["admin", "reviews"],
  request: { params: ZReviewIdParam },
  responses: {
    200: { description: "Shown again", content: json(ZAdminReviewResponse) },
    404: failure("No such review"),
    409: failure("Not hidden"),
  },
});

export function reviewRoutes() {
  return createRouter()
    .openapi(readRoute, async (c) =>
      c.json(await getBookingReviews(c.var.deps, c.var.user.id, c.req.valid("param").id), 200),
    )
    .openapi(submitRoute, async (c) => {
      const { id } = c.req.valid("param");
      const done = await submitReview(c.var.deps, c.var.user.id, id, c.req.valid("json"));
      return done.created ? c.json(done.reviews, 201) : c.json(done.reviews, 200);
    })
    .openapi(replyRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { text } = c.req.valid("json");
      const done = await replyToReview(c.var.deps, c.var.user.id, id, text);
      return done.created ? c.json(done.reviews, 201) : c.json(done.reviews, 200);
    })
    .openapi(staffListRoute, async (c) =>
      c.json(await listReviewsForStaff(c.var.deps, c.req.valid("query")), 200),
    )
    .openapi(hideRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      const review = await setReviewHidden(c.var.deps, c.var.user.id, id, { reason });
      return c.json({ review }, 200);
    })
    .openapi(unhideRoute, async (c) => {
      const review = await setReviewHidden(
        c.var.deps,
        c.var.user.id,
        c.req.valid("param").id,
        null,
      );
      return c.json({ review }, 200);
    });
}
