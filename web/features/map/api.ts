import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { type MapResponse, ZMapResponse, ZPresenceEvent } from "../../../contracts/search.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { subscribeEvents } from "../../lib/events.ts";

type Viewer = { lat: number; lng: number } | null;

export const mapKeys = {
  creators: (viewer: Viewer) => ["map-creators", viewer?.lat ?? null, viewer?.lng ?? null] as const,
};

export function useMapCreators(viewer: Viewer, enabled: boolean) {
  return useQuery({
    queryKey: mapKeys.creators(viewer),
    queryFn: ({ signal }) =>
      apiRequest(
        "GET",
        `/map/creators${viewer ? `?lat=${viewer.lat}&lng=${viewer.lng}` : ""}`,
        ZMapResponse,
        { signal },
      ),
    enabled,
  });
}

// Presence events move markers at once; the stats follow with one refetch per quiet second.
const STATS_REFRESH_MS = 1000;

/** Keeps the map's markers live from the server's presence stream. */
export function usePresenceStream(viewer: Viewer) {
  const client = useQueryClient();
  useEffect(() => {
    const key = mapKeys.creators(viewer);
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const onEvent = (payload: unknown) => {
      const parsed = ZPresenceEvent.safeParse(payload);
      if (!parsed.success) return;
      const event = parsed.data;
      let known = false;
      client.setQueryData<MapResponse>(key, (data) => {
        if (!data) return data;
        known = data.creators.some((c) => c.id === event.id);
        const creators =
          event.listed && event.lat !== null && event.lng !== null
            ? data.creators.map((c) =>
                c.id === event.id
                  ? {
                      ...c,
                      lat: event.lat!,
                      lng: event.lng!,
                      availableNow: event.availableNow,
                      liveTracked: event.liveTracked,
                    }
                  : c,
              )
            : data.creators.filter((c) => c.id !== event.id);
        return { ...data, creators };
      });
      clearTimeout(refresh);
      refresh = setTimeout(
        () => void client.invalidateQueries({ queryKey: key }),
        known ? STATS_REFRESH_MS : 0,
      );
    };
    const unsubscribe = subscribeEvents(REALTIME_TOPICS.creatorPresence, {
      onEvent,
      onResync: () => void client.invalidateQueries({ queryKey: key }),
    });
    return () => {
      clearTimeout(refresh);
      unsubscribe();
    };
  }, [client, viewer]);
}
