import { z } from "zod";
import { idParam } from "./common.ts";
import { REVIEWS } from "./constants.ts";

// Two-sided blind reviews (issue 14): after a completed booking both parties review each other;
// neither sees the other's review until both have submitted or the window closes.

export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NOT_FOUND = "Booking not found";
export const REVIEW_WINDOW_CLOSED = "The review window closed";
export const REVIEW_NOT_COMPLETED = "Reviews open when the session is complete";
export const REVIEW_ALREADY_SUBMITTED =
  "You already reviewed this booking; reviews cannot be edited";
export const REPLY_ALREADY_POSTED = "You already replied to this review";
export const REPLY_NOT_ALLOWED =
  "Only the creator can reply, once the client's review is published";
export const REVIEW_ALREADY_HIDDEN = "This review is already hidden";
export const REVIEW_NOT_HIDDEN = "This review is not hidden";

export const REVIEW_DIRECTIONS = ["client_to_creator", "creator_to_client"] as const;
export type ReviewDirection = (typeof REVIEW_DIRECTIONS)[number];

/** What the booking's review page shows its viewer. */
export const REVIEW_STATES = [
  /** The booking has not completed yet. */
  "not_completed",
  /** The window is open and the viewer has not reviewed. */
  "open",
  /** The viewer reviewed; it stays blind until the other side reviews or the window closes. */
  "waiting",
  /** The reviews were published. */
  "published",
  /** The window closed with nothing published. */
  "closed",
] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** A client signs their review as "Jamie L.": first name and the last name's initial. */
export function clientSignature(name: string) {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first || "Client";
}

export const ZReviewReply = z.object({ text: z.string(), date: z.iso.datetime() });

export const ZBookingReview = z.object({
  id: z.uuid(),
  direction: z.enum(REVIEW_DIRECTIONS),
  authorName: z.string(),
  rating: z.number().int().min(REVIEWS.ratingMin).max(REVIEWS.ratingMax),
  comment: z.string(),
  submittedAt: z.iso.datetime(),
  publishedAt: z.iso.datetime().nullable(),
  /** Staff hid it: its text is withheld from everyone but its author. */
  hidden: z.boolean(),
  reply: ZReviewReply.nullable(),
});
export type BookingReview = z.infer<typeof ZBookingReview>;

export const ZBookingReviews = z.object({
  bookingId: z.uuid(),
  role: z.enum(["client", "creator"]),
  state: z.enum(REVIEW_STATES),
  /** The other party's name, as the page says "hidden until {other} reviews". */
  otherName: z.string(),
  creatorId: z.uuid(),
  eventType: z.string().nullable(),
  sessionStart: z.iso.datetime(),
  /** When the window closes; null before the booking completes. */
  closesAt: z.iso.datetime().nullable(),
  mine: ZBookingReview.nullable(),
  /** The other side's review: only once published. */
  theirs: ZBookingReview.nullable(),
});
export type BookingReviews = z.infer<typeof ZBookingReviews>;

export const ZBookingIdParam = idParam(REVIEW_NOT_FOUND);

export const ZSubmitReviewRequest = z.object({
  rating: z.number().int().min(REVIEWS.ratingMin).max(REVIEWS.ratingMax),
  comment: z.string().trim().min(1, "Write a few words about the session").max(REVIEW_TEXT_MAX),
});
export type SubmitReviewRequest = z.infer<typeof ZSubmitReviewRequest>;

export const ZReplyRequest = z.object({
  text: z.string().trim().min(1, "Write your reply").max(REVIEW_TEXT_MAX),
});

export const bookingReviewsApiPath = (id: string) => `/bookings/${id}/reviews`;

// Staff moderation.
export const ADMIN_REVIEW_FILTERS = ["all", "published", "blind", "hidden"] as const;
export const ADMIN_REVIEWS_PAGE_SIZE = 25;

export const ZAdminReviewsQuery = z.object({
  status: z.enum(ADMIN_REVIEW_FILTERS).default("all"),
  /** Matches the creator's or the author's name. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type AdminReviewsQuery = z.input<typeof ZAdminReviewsQuery>;
export type AdminReviewsFilter = z.output<typeof ZAdminReviewsQuery>;

export const ZAdminReview = ZBookingReview.extend({
  bookingId: z.uuid().nullable(),
  creatorId: z.uuid(),
  creatorName: z.string(),
  /** Whom it is about: the creator, or the client a creator reviewed. */
  subjectName: z.string(),
  hiddenAt: z.iso.datetime().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminReview = z.infer<typeof ZAdminReview>;

export const ZAdminReviewsResponse = z.object({
  reviews: z.array(ZAdminReview),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
});
export type AdminReviewsResponse = z.infer<typeof ZAdminReviewsResponse>;

export const ZReviewIdParam = idParam("Review not found");
export const ZHideReviewRequest = z.object({
  reason: z.string().trim().min(1, "Give the reason for hiding it").max(REVIEW_TEXT_MAX),
});
export const ZAdminReviewResponse = z.object({ review: ZAdminReview });
