import { EyeOff, LockKeyhole } from "lucide-react";
import { Link } from "react-router";
import type { BookingReviews as Reviews } from "../../../contracts/reviews.ts";
import { creatorProfilePath } from "../../../contracts/routes.ts";
import { formatLongDate } from "../../lib/format.ts";
import { ReviewCard } from "./review-card.tsx";
import { ReplyForm, ReviewForm } from "./review-forms.tsx";

function Notice({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-card border border-ink-200/80 bg-ink-50 p-5 text-ink-700"
    >
      <span className="mt-0.5 text-ink-500">{icon}</span>
      <div>{children}</div>
    </div>
  );
}

/** The viewer's side of the booking's two reviews, by where the window stands. */
export function BookingReviews({ reviews: r }: { reviews: Reviews }) {
  const mineTitle = "Your review";
  const theirsTitle = `${r.otherName}'s review`;
  if (r.state === "not_completed")
    return (
      <Notice icon={<LockKeyhole className="size-5" aria-hidden />}>
        Reviews open when the session is complete.
      </Notice>
    );
  if (r.state === "open" && r.closesAt)
    return <ReviewForm bookingId={r.bookingId} otherName={r.otherName} closesAt={r.closesAt} />;
  if (r.state === "closed")
    return (
      <Notice icon={<LockKeyhole className="size-5" aria-hidden />}>
        <p className="font-semibold text-ink-900">The review window closed</p>
        <p className="mt-1 text-sm">
          Reviews could be left for 14 days after the session; neither of you reviewed.
        </p>
      </Notice>
    );
  if (r.state === "waiting" && r.mine) {
    const closed = r.closesAt !== null && new Date(r.closesAt) <= new Date();
    return (
      <div className="flex flex-col gap-4">
        <Notice icon={<EyeOff className="size-5" aria-hidden />}>
          <p className="font-semibold text-ink-900">
            {closed
              ? "Submitted — the review window closed; your review is being published."
              : `Submitted — your review is hidden until ${r.otherName} reviews or the window closes on ${formatLongDate(r.closesAt!)}.`}
          </p>
        </Notice>
        <ReviewCard title={mineTitle} review={r.mine} />
      </div>
    );
  }
  const clientReview = r.role === "client" ? r.mine : r.theirs;
  const canReply =
    r.role === "creator" && clientReview && !clientReview.reply && !clientReview.hidden;
  const cards = [
    { title: mineTitle, review: r.mine, missing: "You did not review before the window closed." },
    {
      title: theirsTitle,
      review: r.theirs,
      missing: `${r.otherName} did not review before the window closed.`,
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink-600">
        Both reviews are public.{" "}
        <Link
          className="font-semibold text-brand-700 hover:underline"
          to={creatorProfilePath(r.creatorId)}
        >
          See the creator's profile
        </Link>
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {cards.map(({ title, review, missing }) =>
          review ? (
            <ReviewCard key={title} title={title} review={review}>
              {canReply && review === clientReview ? <ReplyForm bookingId={r.bookingId} /> : null}
            </ReviewCard>
          ) : (
            <Notice key={title} icon={<EyeOff className="size-5" aria-hidden />}>
              <p className="font-semibold text-ink-900">{title}</p>
              <p className="mt-1 text-sm">{missing}</p>
            </Notice>
          ),
        )}
      </div>
    </div>
  );
}
