import { Star } from "lucide-react";
import { useState } from "react";
import { REVIEWS } from "../../../contracts/constants.ts";
import { cn } from "../../lib/cn.ts";

const RATINGS = Array.from(
  { length: REVIEWS.ratingMax - REVIEWS.ratingMin + 1 },
  (_, i) => REVIEWS.ratingMin + i,
);

/**
 * Five stars as a native radio group: Tab reaches it, the arrow keys change the rating,
 * and each star is announced as "4 stars".
 */
export function StarRatingInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number | null;
  onChange: (rating: number) => void;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-medium text-ink-800">
        Your rating<span className="text-brand-600"> *</span>
      </legend>
      <div className="flex gap-1">
        {RATINGS.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400"
            onMouseEnter={() => setHover(n)}
            onMouseLeave={() => setHover(null)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
            <Star
              aria-hidden
              className={cn(
                "size-8 transition-colors",
                n <= shown ? "fill-amber-400 text-amber-400" : "text-ink-300",
              )}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
