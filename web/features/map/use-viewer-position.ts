import { useEffect, useState } from "react";
import { MAP } from "../../../contracts/constants.ts";
import { showError } from "../../lib/api-errors.ts";

type Position = { lat: number; lng: number };
export type ViewerPosition = {
  /** Where the map opens: the viewer when inside the map's area, else the default centre. */
  center: Position | null;
  /** The viewer's own position, when the device gave one. */
  viewer: Position | null;
  /** The map opens on the viewer (else on the default centre, until it finds the creators). */
  located: boolean;
};

export const inBounds = ({ lat, lng }: Position) =>
  lat >= MAP.bounds.south &&
  lat <= MAP.bounds.north &&
  lng >= MAP.bounds.west &&
  lng <= MAP.bounds.east;

/** Asks the device once where the viewer is; falls back to the default centre with a toast. */
export function useViewerPosition(): ViewerPosition {
  const [state, setState] = useState<ViewerPosition>({
    center: null,
    viewer: null,
    located: false,
  });
  useEffect(() => {
    let cancelled = false;
    const fallback = (message: string) => {
      if (cancelled) return;
      showError(message);
      setState({ center: MAP.defaultCenter, viewer: null, located: false });
    };
    if (!("geolocation" in navigator)) {
      fallback("Geolocation not supported. Using default location.");
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (cancelled) return;
        const viewer = { lat: coords.latitude, lng: coords.longitude };
        const located = inBounds(viewer);
        setState({ center: located ? viewer : MAP.defaultCenter, viewer, located });
      },
      (error) =>
        fallback(
          error.code === error.PERMISSION_DENIED
            ? "Location access denied. Using default location."
            : "Unable to get your location. Using default location.",
        ),
      {
        enableHighAccuracy: MAP.geolocation.enableHighAccuracy,
        timeout: MAP.geolocation.timeoutMs,
        maximumAge: MAP.geolocation.maximumAgeMs,
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}
