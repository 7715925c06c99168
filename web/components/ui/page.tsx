import { ArrowLeft } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
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

/** Eyebrow, title and lead of a page section (an h2). */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  align = "center",
  tone = "dark",
  id,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  align?: "center" | "left";
  tone?: "dark" | "light";
  id?: string;
}) {
  return (
    <div
      className={cn("flex flex-col gap-3", align === "center" && "mx-auto max-w-2xl text-center")}
    >
      {eyebrow ? (
        <p
          className={cn(
            "text-xs font-bold uppercase tracking-[0.16em]",
            tone === "dark" ? "text-brand-700" : "text-brand-300",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn(
          "text-3xl font-extrabold tracking-tight sm:text-4xl",
          tone === "dark" ? "text-ink-900" : "text-white",
        )}
      >
        {title}
      </h2>
      {lead ? (
        <p
          className={cn("text-base sm:text-lg", tone === "dark" ? "text-ink-600" : "text-ink-300")}
        >
          {lead}
        </p>
      ) : null}
    </div>
  );
}

/** A full-width band of the page with the standard vertical rhythm. */
export function Section({ className, ...props }: ComponentProps<"section">) {
  return <section className={cn("py-16 sm:py-24", className)} {...props} />;
}

/** The 'Back to …' link above a page's heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="pt-6">
      <Link
        to={to}
        className="inline-flex items-center gap-1 text-sm font-medium text-ink-600 hover:text-ink-900"
      >
        <ArrowLeft className="size-4" /> {children}
      </Link>
    </div>
  );
}
