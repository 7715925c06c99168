import { Star } from "lucide-react";

/** A rating shown as five stars, announced as "4 out of 5 stars". */
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
