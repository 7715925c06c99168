import { Clock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { REVIEW_TEXT_MAX } from "../../../contracts/reviews.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, FieldError } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { useReply, useSubmitReview } from "./api.ts";
import { StarRatingInput } from "./star-rating-input.tsx";
import { timeLeft } from "./time-left.ts";

/** The viewer's review of the other party, with the time left in the window. */
export function ReviewForm({
  bookingId,
  otherName,
  closesAt,
}: {
  bookingId: string;
  otherName: string;
  closesAt: string;
}) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitReview(bookingId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) return setError("Choose a rating from 1 to 5 stars");
    if (!comment.trim()) return setError("Write a few words about the session");
    setError(null);
    submit.mutate({ rating, comment: comment.trim() });
  };
  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-5 rounded-card border border-ink-200/80 bg-white p-5 shadow-soft sm:p-6"
      aria-label={`Review ${otherName}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink-900">How was it with {otherName}?</h2>
        <p className="flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
          <Clock className="size-4" aria-hidden />
          {timeLeft(closesAt)}
        </p>
      </div>
      <StarRatingInput name="rating" value={rating} onChange={setRating} />
      <Field id="review-comment" label="Your review" required>
        <Textarea
          id="review-comment"
          value={comment}
          maxLength={REVIEW_TEXT_MAX}
          rows={5}
          placeholder="What went well? What should others know?"
          onChange={(e) => setComment(e.target.value)}
        />
      </Field>
      <p className="text-sm text-ink-600">
        {otherName} will not see your review until they have reviewed you too, or the window closes.
        Reviews cannot be edited after you submit.
      </p>
      <FieldError message={error} />
      <Button type="submit" disabled={submit.isPending} className="self-start">
        {submit.isPending ? "Submitting..." : "Submit Review"}
      </Button>
    </form>
  );
}

/** The creator's one public reply to the client's review. */
export function ReplyForm({ bookingId }: { bookingId: string }) {
  const [text, setText] = useState("");
  const reply = useReply(bookingId);
  return (
    <form
      className="flex flex-col gap-2 border-t border-ink-100 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) reply.mutate(text.trim());
      }}
    >
      <Field id="review-reply" label="Reply publicly (once)">
        <Textarea
          id="review-reply"
          value={text}
          rows={3}
          maxLength={REVIEW_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        className="self-start"
        disabled={!text.trim() || reply.isPending}
      >
        Post Reply
      </Button>
    </form>
  );
}
