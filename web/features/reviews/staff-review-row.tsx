import { Link } from "react-router";
import type { AdminReview } from "../../../contracts/reviews.ts";
import { creatorProfilePath } from "../../../contracts/routes.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Stars } from "../../components/ui/stars.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";

function StateBadge({ review }: { review: AdminReview }) {
  if (review.hidden) return <Badge variant="warning">Hidden</Badge>;
  if (!review.publishedAt) return <Badge variant="outline">Blind</Badge>;
  return <Badge variant="success">Published</Badge>;
}

/** One review in staff's list, with Hide or Show again. */
export function StaffReviewRow({
  review,
  pending,
  onHide,
  onShow,
}: {
  review: AdminReview;
  pending: boolean;
  onHide: () => void;
  onShow: () => void;
}) {
  const about =
    review.direction === "client_to_creator" ? review.creatorName : `client ${review.subjectName}`;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-ink-900">{review.authorName}</p>
          <span className="text-sm text-ink-500">on {about}</span>
          <StateBadge review={review} />
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-ink-500">
          <Stars rating={review.rating} />
          <time dateTime={review.submittedAt}>{formatDate(review.submittedAt)}</time>
          <Link
            className="font-medium text-brand-700 hover:underline"
            to={creatorProfilePath(review.creatorId)}
          >
            {review.creatorName}'s profile
          </Link>
        </div>
        <p className="mt-2 whitespace-pre-line break-words text-ink-700">{review.comment}</p>
        {review.reply ? (
          <p className="mt-2 rounded-lg bg-ink-50 px-3 py-2 text-sm text-ink-700">
            <span className="font-semibold">Reply:</span> {review.reply.text}
          </p>
        ) : null}
        {review.hidden && review.hiddenAt ? (
          <p className="mt-2 text-sm text-amber-800">
            Hidden {formatDateTime(review.hiddenAt)}: {review.hiddenReason}
          </p>
        ) : null}
      </div>
      {review.hidden ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={pending}
          onClick={onShow}
        >
          Show Again
        </Button>
      ) : (
        <Button
          variant="destructive"
          size="sm"
          className="self-start"
          disabled={pending}
          onClick={onHide}
        >
          Hide
        </Button>
      )}
    </li>
  );
}
