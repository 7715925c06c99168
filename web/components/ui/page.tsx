import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

export function Container({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6", className)} {...props} />;
}

/** The heading block every screen opens with. */
export function PageHeading({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4 pb-6 pt-8 sm:pt-12">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-base text-ink-600">{subtitle}</p> : null}
      </div>
      {actions}
    </div>
  );
}
