import type { AdminReview, AdminReviewsFilter } from "../../../contracts/reviews.ts";
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  REVIEW_ALREADY_HIDDEN,
  REVIEW_NOT_HIDDEN,
} from "../../../contracts/reviews.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { recordStaffAction } from "../staff/audit.ts";
import * as q from "./queries.ts";
import { toBookingReview } from "./service.ts";

function toAdminReview(r: q.AdminReviewRow): AdminReview {
  return {
    ...toBookingReview(r, true),
    bookingId: r.booking_id,
    creatorId: r.creator_profile_id,
    creatorName: r.creator_name,
    subjectName: r.subject_name ?? r.creator_name,
    hiddenAt: r.hidden_at?.toISOString() ?? null,
    hiddenReason: r.hidden_reason,
  };
}

export async function listReviewsForStaff(deps: AppDeps, query: AdminReviewsFilter) {
  const { rows, total } = await q.listAdminReviews(deps.database.db, query);
  return {
    reviews: rows.map(toAdminReview),
    total,
    page: query.page,
    pageSize: ADMIN_REVIEWS_PAGE_SIZE,
  };
}

/**
 * Hides a review that breaks the rules (reason required) or shows it again. The change and
 * its audit row commit together; the profile's stats follow by trigger (migration 112).
 */
export async function setReviewHidden(
  deps: AppDeps,
  staffUserId: string,
  reviewId: string,
  hide: { reason: string } | null,
): Promise<AdminReview> {
  const now = deps.now();
  return deps.database.db.transaction().execute(async (trx) => {
    const changed = await q.setHidden(
      trx,
      reviewId,
      hide ? { at: now, reason: hide.reason, by: staffUserId } : null,
    );
    if (!changed) {
      const exists = await q.findAdminReview(trx, reviewId);
      if (!exists) throw new AppError("not_found", "Review not found");
      throw new AppError("conflict", hide ? REVIEW_ALREADY_HIDDEN : REVIEW_NOT_HIDDEN);
    }
    await recordStaffAction(
      trx,
      {
        actorUserId: staffUserId,
        action: hide ? "review.hide" : "review.unhide",
        targetType: "review",
        targetId: reviewId,
        reason: hide?.reason ?? null,
        details: { bookingId: changed.booking_id, creatorProfileId: changed.creator_profile_id },
      },
      now,
    );
    return toAdminReview((await q.findAdminReview(trx, reviewId))!);
  });
}
