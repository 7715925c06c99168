import { useQuery } from "@tanstack/react-query";
import { bookingsForCreatorPath } from "../../../contracts/routes.ts";
import { type NextStart, nextStartApiPath, ZNextStart } from "../../../contracts/schedule.ts";
import { apiRequest } from "../../lib/api-client.ts";

/** The creator's nearest bookable start of a session of `hours` (their zone), or null. */
export function useNextStart(creatorId: string, enabled: boolean, hours = 1) {
  return useQuery({
    queryKey: ["next-start", creatorId, hours],
    queryFn: ({ signal }) =>
      apiRequest("GET", `${nextStartApiPath(creatorId)}?hours=${hours}`, ZNextStart, { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** The booking form for the creator, pre-filled with the nearest start when known. */
export function bookingLink(creatorId: string, next: NextStart | undefined): string {
  const base = bookingsForCreatorPath(creatorId);
  if (!next) return base;
  const params = new URLSearchParams({ date: next.date, time: next.time });
  return `${base}&${params}`;
}
