import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** An icon tile, a title and a sentence: the building block of the benefit grids. */
export function FeatureCard({
  icon: Icon,
  title,
  children,
  step,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  step?: number;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "relative grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl bg-white p-5 shadow-soft ring-1 ring-ink-200/70",
        "sm:flex sm:flex-col sm:gap-3 sm:p-6",
        className,
      )}
    >
      <div className="row-span-2 flex items-center justify-between self-start">
        <span className="grid size-11 place-items-center rounded-xl bg-linear-to-br from-brand-100 to-brand-50 text-brand-700 ring-1 ring-brand-200/60 sm:size-12">
          <Icon className="size-6" aria-hidden />
        </span>
        {step ? (
          // Drawn as CSS content: a decorative watermark, not text to read or contrast-check.
          <span
            data-step={String(step).padStart(2, "0")}
            className="absolute right-5 top-4 text-3xl font-black text-ink-100 before:content-[attr(data-step)] sm:static sm:text-4xl"
            aria-hidden
          />
        ) : null}
      </div>
      <h3 className="pr-10 text-lg font-bold text-ink-900 sm:pr-0">
        {step ? <span className="sr-only">Step {step}: </span> : null}
        {title}
      </h3>
      <div className="text-sm leading-relaxed text-ink-600">{children}</div>
    </div>
  );
}
