import type { MapStats } from "../../../contracts/search.ts";

export function StatCards({ stats }: { stats: MapStats | undefined }) {
  const cards = [
    { label: "Available", value: stats ? String(stats.availableCount) : "–" },
    { label: "Avg Rating", value: stats?.avgRating != null ? stats.avgRating.toFixed(1) : "–" },
    {
      label: "Avg Distance",
      value: stats?.avgDistanceMiles != null ? `${stats.avgDistanceMiles.toFixed(1)}mi` : "–",
    },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {cards.map((card) => (
        <div
          key={card.label}
          className="rounded-xl border border-ink-200 bg-white/95 px-3 py-2 text-center shadow-sm backdrop-blur"
        >
          <dd className="text-lg font-extrabold text-ink-900" data-testid={`stat-${card.label}`}>
            {card.value}
          </dd>
          <dt className="text-xs font-medium text-ink-600">{card.label}</dt>
        </div>
      ))}
    </dl>
  );
}
