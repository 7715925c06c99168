import { cn } from "../../lib/cn.ts";

export type Stat = { value: string; label: string };

/** The marketing figures of spec §1 as a row of large numbers. */
export function StatGrid({
  stats,
  tone = "dark",
  className,
}: {
  stats: readonly Stat[];
  tone?: "dark" | "light";
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-4 sm:grid-cols-4", className)}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={cn(
            "flex flex-col-reverse gap-1 rounded-2xl p-4 text-center sm:p-5",
            tone === "dark"
              ? "bg-white shadow-soft ring-1 ring-ink-200/70"
              : "bg-white/5 ring-1 ring-white/10",
          )}
        >
          <dt className={cn("text-sm", tone === "dark" ? "text-ink-600" : "text-ink-300")}>
            {stat.label}
          </dt>
          <dd
            className={cn(
              "whitespace-nowrap text-2xl font-extrabold tracking-tight sm:text-4xl",
              tone === "dark" ? "text-ink-900" : "text-white",
            )}
          >
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
