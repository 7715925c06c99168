import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { CountBadge } from "../../components/ui/count-badge.tsx";
import { subscribeEvents } from "../../lib/events.ts";
import { bookingKeys } from "./keys.ts";

// Loaded lazily by the header and tab bar for signed-in visitors. It reads the count with a
// plain fetch, not the API client: the client, zod and the contract schemas must stay out of
// the home page's first load (budget: scripts/bench/home-bundle.ts). The path and shape are
// contracts/bookings.ts openRequestsApiPath and ZOpenRequestCount (a component test checks).
const LABEL = ["open request", "open requests"] as const;

export const OPEN_REQUESTS_URL = "/api/bookings/open-requests";

export async function fetchOpenRequests(): Promise<{ openRequests: number }> {
  const response = await fetch(OPEN_REQUESTS_URL, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Open requests: ${response.status}`);
  const body = (await response.json()) as { openRequests?: unknown };
  return { openRequests: typeof body.openRequests === "number" ? body.openRequests : 0 };
}

/** A creator's count of requests awaiting their answer, kept live; nothing when there are none. */
export default function OpenRequestsBadge({ className }: { className?: string }) {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: bookingKeys.openRequests,
    queryFn: fetchOpenRequests,
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    const reload = () => void client.invalidateQueries({ queryKey: bookingKeys.openRequests });
    return subscribeEvents(REALTIME_TOPICS.bookings, { onEvent: reload, onResync: reload });
  }, [client]);
  const count = data?.openRequests ?? 0;
  return <CountBadge count={count} label={LABEL} className={className} />;
}
