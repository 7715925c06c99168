import type { ApplicationCounts } from "../../../contracts/applications.ts";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../../contracts/enums.ts";
import { cn } from "../../lib/cn.ts";
import { STATUS_LABELS } from "./status-badge.tsx";

/** One card per status plus Total; clicking one sets the status filter (Total clears it). */
export function StatCards({
  counts,
  active,
  onSelect,
}: {
  counts: ApplicationCounts | undefined;
  active: ApplicationStatus | undefined;
  onSelect: (status: ApplicationStatus | undefined) => void;
}) {
  const countOf = (status: ApplicationStatus) =>
    counts ? (counts.find((c) => c.status === status)?.count ?? 0) : undefined;
  const total = counts?.reduce((sum, c) => sum + c.count, 0);
  const cards: { key: ApplicationStatus | undefined; label: string; value: number | undefined }[] =
    [
      { key: undefined, label: "Total", value: total },
      ...APPLICATION_STATUSES.map((s) => ({ key: s, label: STATUS_LABELS[s], value: countOf(s) })),
    ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {cards.map((card) => (
        <button
          key={card.label}
          type="button"
          aria-pressed={active === card.key}
          onClick={() => onSelect(card.key)}
          className={cn(
            "rounded-card border bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-300",
            active === card.key ? "border-brand-500 ring-2 ring-brand-200" : "border-ink-200",
          )}
        >
          <span className="block text-xs font-medium uppercase tracking-wide text-ink-500">
            {card.label}
          </span>
          <span className="mt-1 block text-2xl font-bold text-ink-900">{card.value ?? "–"}</span>
        </button>
      ))}
    </div>
  );
}
