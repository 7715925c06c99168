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
        "relative flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-soft ring-1 ring-ink-200/70",
        className,
      )}
    >
      <div className="flex items-center justify-between">
        <span className="grid size-12 place-items-center rounded-xl bg-linear-to-br from-brand-100 to-brand-50 text-brand-700 ring-1 ring-brand-200/60">
          <Icon className="size-6" aria-hidden />
        </span>
        {step ? (
          // Drawn as CSS content: a decorative watermark, not text to read or contrast-check.
          <span
            data-step={String(step).padStart(2, "0")}
            className="text-4xl font-black text-ink-100 before:content-[attr(data-step)]"
            aria-hidden
          />
        ) : null}
      </div>
      <h3 className="text-lg font-bold text-ink-900">
        {step ? <span className="sr-only">Step {step}: </span> : null}
        {title}
      </h3>
      <div className="text-sm leading-relaxed text-ink-600">{children}</div>
    </div>
  );
}
