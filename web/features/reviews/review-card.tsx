import { MessageSquareReply } from "lucide-react";
import type { BookingReview } from "../../../contracts/reviews.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Stars } from "../../components/ui/stars.tsx";
import { formatDate } from "../../lib/format.ts";

/** One review on the booking's review page: author, stars, date, text and the reply. */
export function ReviewCard({
  title,
  review,
  children,
}: {
  title: string;
  review: BookingReview;
  children?: React.ReactNode;
}) {
  return (
    <article className="flex flex-col gap-3 rounded-card border border-ink-200/80 bg-white p-5 shadow-soft">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-bold uppercase tracking-wide text-ink-500">{title}</h2>
        {review.hidden ? <Badge variant="warning">Hidden by staff</Badge> : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink-900">{review.authorName}</p>
        <time dateTime={review.submittedAt} className="text-sm text-ink-500">
          {formatDate(review.submittedAt)}
        </time>
      </div>
      <Stars rating={review.rating} />
      {review.comment ? (
        <p className="whitespace-pre-line text-ink-700">{review.comment}</p>
      ) : (
        <p className="text-sm italic text-ink-500">This review was removed by ShutterHail staff.</p>
      )}
      {review.reply ? (
        <div className="rounded-xl bg-ink-50 p-3 text-sm">
          <p className="flex items-center gap-1.5 font-semibold text-ink-800">
            <MessageSquareReply className="size-4" aria-hidden /> Creator's reply
          </p>
          <p className="mt-1 whitespace-pre-line text-ink-700">{review.reply.text}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
