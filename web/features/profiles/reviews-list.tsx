import { Star } from "lucide-react";
import type { Review } from "../../../contracts/profiles.ts";
import { formatDate } from "../../lib/format.ts";

export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={className} role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={`inline size-4 ${n <= Math.round(rating) ? "fill-amber-400 text-amber-400" : "text-ink-300"}`}
        />
      ))}
    </span>
  );
}

export function ReviewsList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="text-ink-600">No reviews yet.</p>;
  return (
    <ul className="divide-y divide-ink-100">
      {reviews.map((review) => (
        <li key={review.id} className="py-4 first:pt-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-ink-900">{review.author}</p>
            <time dateTime={review.date} className="text-sm text-ink-500">
              {formatDate(review.date)}
            </time>
          </div>
          <Stars rating={review.rating} className="mt-1 block" />
          {review.comment ? <p className="mt-2 text-ink-700">{review.comment}</p> : null}
        </li>
      ))}
    </ul>
  );
}
