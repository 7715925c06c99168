import type { Review } from "../../../contracts/profiles.ts";
import { Stars } from "../../components/ui/stars.tsx";
import { formatDate } from "../../lib/format.ts";

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
          {review.reply ? (
            <div className="mt-3 rounded-xl bg-ink-50 px-4 py-3 text-sm">
              <p className="font-semibold text-ink-800">Reply from the creator</p>
              <p className="mt-1 text-ink-700">{review.reply.text}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
