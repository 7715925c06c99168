import { useEffect } from "react";
import { useHail, useLiveHail } from "./api.ts";

// A live hail that outlived its countdown is asked for again shortly after, in case its
// change event was lost on the way.
const AFTER_LIVE_MS = 3000;

/** A hail as its live view follows it: loaded, updated by its events, checked at its end. */
export function useHailView(id: string) {
  const query = useHail(id);
  useLiveHail(id);
  const { refetch } = query;
  const live = query.data?.status === "live" ? query.data.liveUntil : null;
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(
      () => void refetch(),
      Math.max(0, Date.parse(live) - Date.now()) + AFTER_LIVE_MS,
    );
    return () => clearTimeout(timer);
  }, [live, refetch]);
  return query;
}
