import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * The red count on a link or an icon (unread messages, open requests, notifications); nothing
 * at zero. `label` ([singular, plural]) is read out after the number; without it the badge is
 * hidden from screen readers (its control's own name carries the count).
 */
export function CountBadge({
  count,
  label,
  className,
  ...props
}: {
  count: number;
  label?: readonly [string, string];
} & HTMLAttributes<HTMLSpanElement>) {
  if (count <= 0) return null;
  return (
    <span
      {...props}
      aria-hidden={label ? undefined : true}
      className={cn(
        "inline-grid min-w-5 place-items-center rounded-full bg-red-600 px-1.5 text-[11px] font-bold leading-5 text-white",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
      {label ? <span className="sr-only"> {count === 1 ? label[0] : label[1]}</span> : null}
    </span>
  );
}
