import type { Kysely } from "kysely";
import { bookingReviewPath } from "../../../contracts/bookings.ts";
import { REVIEWS } from "../../../contracts/constants.ts";
import {
  type BookingReview,
  type BookingReviews,
  clientSignature,
  REPLY_ALREADY_POSTED,
  REPLY_NOT_ALLOWED,
  REVIEW_ALREADY_SUBMITTED,
  REVIEW_NOT_COMPLETED,
  REVIEW_NOT_FOUND,
  REVIEW_WINDOW_CLOSED,
  type ReviewDirection,
  type SubmitReviewRequest,
} from "../../../contracts/reviews.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { notify } from "../notifications/notify.ts";
import * as q from "./queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
type Role = "client" | "creator";

/**
 * When the booking's review window closes; null while it has not completed. A booking that
 * completed before completion times were kept counts from the end of its session.
 */
export function windowClosesAt(b: Pick<q.ReviewedBooking, "status" | "completed_at" | "end_time">) {
  if (b.status !== "completed") return null;
  return new Date((b.completed_at ?? b.end_time).getTime() + REVIEWS.windowDays * DAY_MS);
}

const directionOf = (role: Role): ReviewDirection =>
  role === "client" ? "client_to_creator" : "creator_to_client";

/** The booking with the caller's role on it; anyone else gets 404 (it is not theirs). */
async function partyBooking(deps: AppDeps, userId: string, bookingId: string) {
  const booking = await q.findReviewedBooking(deps.database.db, bookingId);
  const role: Role | null =
    booking?.client_user_id === userId
      ? "client"
      : booking?.creator_user_id === userId
        ? "creator"
        : null;
  if (!booking || !role) throw new AppError("not_found", REVIEW_NOT_FOUND);
  return { booking, role };
}

export function toBookingReview(r: q.ReviewRow, showHidden: boolean): BookingReview {
  const withheld = r.hidden_at !== null && !showHidden;
  return {
    id: r.id,
    direction: r.direction as ReviewDirection,
    authorName: r.author_name,
    rating: r.rating,
    comment: withheld ? "" : r.comment,
    submittedAt: r.submitted_at.toISOString(),
    publishedAt: r.published_at?.toISOString() ?? null,
    hidden: r.hidden_at !== null,
    reply:
      r.reply && r.replied_at && !withheld
        ? { text: r.reply, date: r.replied_at.toISOString() }
        : null,
  };
}

function view(
  booking: q.ReviewedBooking,
  role: Role,
  rows: q.ReviewRow[],
  now: Date,
): BookingReviews {
  const closesAt = windowClosesAt(booking);
  const mine = rows.find((r) => r.direction === directionOf(role));
  const theirs = rows.find((r) => r.direction !== directionOf(role));
  const published = rows.some((r) => r.published_at !== null);
  const state = !closesAt
    ? "not_completed"
    : published
      ? "published"
      : mine
        ? "waiting"
        : now < closesAt
          ? "open"
          : "closed";
  return {
    bookingId: booking.id,
    role,
    state,
    otherName: role === "client" ? booking.creator_name : clientSignature(booking.client_name),
    creatorId: booking.creator_profile_id,
    eventType: booking.event_type,
    sessionStart: booking.start_time.toISOString(),
    closesAt: closesAt?.toISOString() ?? null,
    mine: mine ? toBookingReview(mine, true) : null,
    // Blind: the other side's review shows only once published.
    theirs: theirs?.published_at ? toBookingReview(theirs, false) : null,
  };
}

export async function getBookingReviews(deps: AppDeps, userId: string, bookingId: string) {
  const { booking, role } = await partyBooking(deps, userId, bookingId);
  const rows = await q.listBookingReviews(deps.database.db, bookingId);
  return view(booking, role, rows, deps.now());
}

/** Publishes the booking's blind reviews and tells both parties, in the caller's transaction. */
async function publish(deps: AppDeps, trx: Kysely<DB>, booking: q.ReviewedBooking, now: Date) {
  if ((await q.publishBookingReviews(trx, booking.id, now)) === 0) return;
  const session = booking.event_type ?? "session";
  const parties: Array<[string, string]> = [
    [booking.client_user_id, booking.creator_name],
    [booking.creator_user_id, clientSignature(booking.client_name)],
  ];
  for (const [userId, other] of parties) {
    await notify(
      deps,
      {
        userId,
        kind: "review_published",
        title: "Reviews published",
        body: `The reviews of your ${session} with ${other} are now public.`,
        link: bookingReviewPath(booking.id),
      },
      trx,
    );
  }
}

/**
 * The caller's review of the booking. A retry with the same rating and text answers the
 * stored review (created false); anything else after the first submission is refused, since
 * reviews cannot be edited. The second side's submission publishes both in its transaction.
 */
export async function submitReview(
  deps: AppDeps,
  userId: string,
  bookingId: string,
  input: SubmitReviewRequest,
): Promise<{ created: boolean; reviews: BookingReviews }> {
  const { booking, role } = await partyBooking(deps, userId, bookingId);
  const now = deps.now();
  const closesAt = windowClosesAt(booking);
  return deps.database.db.transaction().execute(async (trx) => {
    await q.lockBookingReviews(trx, booking.id);
    const before = await q.listBookingReviews(trx, booking.id);
    const existing = before.find((r) => r.direction === directionOf(role));
    if (existing) {
      if (existing.rating !== input.rating || existing.comment !== input.comment)
        throw new AppError("conflict", REVIEW_ALREADY_SUBMITTED);
      return { created: false, reviews: view(booking, role, before, now) };
    }
    if (!closesAt) throw new AppError("conflict", REVIEW_NOT_COMPLETED);
    if (now >= closesAt) throw new AppError("conflict", REVIEW_WINDOW_CLOSED);
    await q.insertReview(trx, {
      booking,
      direction: directionOf(role),
      authorName: role === "client" ? clientSignature(booking.client_name) : booking.creator_name,
      rating: input.rating,
      comment: input.comment,
      now,
    });
    if (before.length === 1) await publish(deps, trx, booking, now);
    const rows = await q.listBookingReviews(trx, booking.id);
    return { created: true, reviews: view(booking, role, rows, now) };
  });
}

/** The creator's one public reply to the client's published review. */
export async function replyToReview(
  deps: AppDeps,
  userId: string,
  bookingId: string,
  text: string,
): Promise<{ created: boolean; reviews: BookingReviews }> {
  const { booking, role } = await partyBooking(deps, userId, bookingId);
  const db = deps.database.db;
  const rows = await q.listBookingReviews(db, booking.id);
  const clients = rows.find((r) => r.direction === "client_to_creator");
  if (role !== "creator" || !clients?.published_at || clients.hidden_at)
    throw new AppError("conflict", REPLY_NOT_ALLOWED);
  const now = deps.now();
  if (clients.reply !== null) {
    if (clients.reply !== text) throw new AppError("conflict", REPLY_ALREADY_POSTED);
    return { created: false, reviews: view(booking, role, rows, now) };
  }
  const replied = await q.setReply(db, clients.id, text, now);
  if (!replied) throw new AppError("conflict", REPLY_ALREADY_POSTED);
  return {
    created: true,
    reviews: view(booking, role, await q.listBookingReviews(db, booking.id), now),
  };
}

const SWEEP_BATCH = 200;

/** The window closed: publish whatever was submitted. Safe to run again (nothing left). */
export async function publishDueReviews(deps: AppDeps, now: Date) {
  const closedBefore = new Date(now.getTime() - REVIEWS.windowDays * DAY_MS);
  const due = await q.findDueBookings(deps.database.db, closedBefore, SWEEP_BATCH);
  for (const bookingId of due) {
    const booking = await q.findReviewedBooking(deps.database.db, bookingId);
    if (!booking) continue;
    await deps.database.db.transaction().execute(async (trx) => {
      await q.lockBookingReviews(trx, bookingId);
      await publish(deps, trx, booking, now);
    });
  }
  return due.length;
}
