import L from "leaflet";
import { useEffect, useRef } from "react";
import { useMap, useMapEvents } from "react-leaflet";
import { MAP } from "../../../contracts/constants.ts";
import type { MapCreator } from "../../../contracts/search.ts";

/** How many of the nearest creators the map shows when none is in its first view. */
const NEAREST = 5;
const PADDING = L.point(48, 48);

const distance2 = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  (a.lat - b.lat) ** 2 + (a.lng - b.lng) ** 2;

/**
 * The map never opens on an empty view (issue 23). Once the creators are known: without the
 * viewer's position (denied, or outside the map's area) it fits the available creators (else
 * all of them); with it, if no creator is in view, it widens to the nearest few. Only once:
 * after that the viewer moves the map.
 */
export function OpenWhereCreatorsAre({
  creators,
  located,
  onView,
}: {
  creators: MapCreator[];
  located: boolean;
  /** Told what the map shows once it has moved there. */
  onView: (view: L.LatLngBounds) => void;
}) {
  const map = useMap();
  const done = useRef(false);
  const fallback = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A map left within the fallback's delay is gone: it has no bounds to tell.
  useEffect(() => () => clearTimeout(fallback.current), []);
  useEffect(() => {
    if (done.current || creators.length === 0) return;
    done.current = true;
    // Said once the map is there (an animated fit ends later than this effect).
    const report = () => onView(map.getBounds());
    map.once("moveend", report);
    fallback.current = setTimeout(report, 600);
    const available = creators.filter((c) => c.availableNow);
    const targets = available.length ? available : creators;
    if (!located) {
      map.fitBounds(L.latLngBounds(targets.map((c) => [c.lat, c.lng])), {
        padding: PADDING,
        maxZoom: MAP.startZoom,
      });
      return;
    }
    const view = map.getBounds();
    if (creators.some((c) => view.contains([c.lat, c.lng]))) return;
    const center = map.getCenter();
    const nearest = [...targets]
      .sort((a, b) => distance2(a, center) - distance2(b, center))
      .slice(0, NEAREST);
    map.fitBounds(
      L.latLngBounds([
        [center.lat, center.lng],
        ...nearest.map((c): [number, number] => [c.lat, c.lng]),
      ]),
      { padding: PADDING, maxZoom: MAP.startZoom },
    );
  }, [creators, located, map, onView]);
  return null;
}

/** Tells the page what the map shows, as it opens and after every move or zoom. */
export function ViewWatcher({ onView }: { onView: (view: L.LatLngBounds) => void }) {
  const map = useMapEvents({
    moveend: () => onView(map.getBounds()),
    zoomend: () => onView(map.getBounds()),
  });
  useEffect(() => {
    onView(map.getBounds());
  }, [map, onView]);
  return null;
}
