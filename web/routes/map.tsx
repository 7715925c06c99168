import { MapPin } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { Spinner } from "../components/ui/spinner.tsx";
import { HailButton } from "../features/hail/hail-button.tsx";
import { useMapCreators, usePresenceStream } from "../features/map/api.ts";
import { CreatorDetailCard } from "../features/map/creator-detail-card.tsx";
import { StatCards } from "../features/map/stat-cards.tsx";
import { useViewerPosition } from "../features/map/use-viewer-position.ts";

// Leaflet is the heaviest part of the page: it loads while the location is being found.
const CreatorsMap = lazy(() =>
  import("../features/map/creators-map.tsx").then((m) => ({ default: m.CreatorsMap })),
);

type View = { contains: (point: [number, number]) => boolean };

function Loading({ label }: { label: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 bg-ink-50 text-ink-600">
      <MapPin className="size-10 animate-bounce text-brand-500" aria-hidden />
      <Spinner className="size-6" label={label} />
      <p className="font-medium">{label}</p>
    </div>
  );
}

export default function MapScreen() {
  const { center, viewer, located } = useViewerPosition();
  const map = useMapCreators(viewer, center !== null);
  usePresenceStream(viewer);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [view, setView] = useState<View | null>(null);
  const onView = useCallback((next: View) => setView(next), []);
  const creators = map.data?.creators ?? [];
  const selected = creators.find((c) => c.id === selectedId) ?? null;
  // The stats say what can be seen: the available creators in the map's view.
  const stats =
    map.data?.stats && view
      ? {
          ...map.data.stats,
          availableCount: creators.filter((c) => c.availableNow && view.contains([c.lat, c.lng]))
            .length,
        }
      : map.data?.stats;

  return (
    <div className="flex h-[calc(100dvh-8rem)] flex-col md:h-[calc(100dvh-4rem)]">
      <div className="border-b border-ink-200 bg-white px-4 py-3 sm:py-4">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div>
            <h1 className="text-xl font-extrabold text-ink-900 sm:text-2xl">Creators Near You</h1>
            <p className="text-sm text-ink-600">
              Tap a marker to view creator details and book instantly
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center md:w-auto">
            <div className="md:w-96">
              <StatCards stats={stats} />
            </div>
            <HailButton size="md" className="sm:shrink-0" />
          </div>
        </div>
      </div>
      {/* isolate: Leaflet's panes stack inside the map, under the page's fixed layers. */}
      <div className="relative isolate flex-1">
        {center ? (
          <Suspense fallback={<Loading label="Loading map..." />}>
            <CreatorsMap
              center={center}
              viewer={viewer}
              located={located}
              creators={creators}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onView={onView}
            />
          </Suspense>
        ) : (
          <Loading label="Getting your location..." />
        )}
        {map.isError ? (
          <p
            role="alert"
            className="absolute inset-x-4 bottom-4 z-[500] rounded-xl bg-white p-3 text-center text-red-700 shadow"
          >
            Creators could not be loaded. Please try again.
          </p>
        ) : null}
        {selected ? (
          <div className="absolute inset-x-0 bottom-0 z-[500] mx-auto max-w-md p-3 sm:bottom-4">
            <CreatorDetailCard creator={selected} onClose={() => setSelectedId(null)} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
