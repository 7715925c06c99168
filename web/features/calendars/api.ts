import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CALENDARS,
  calendarFeedApiPath,
  calendarFeedReplaceApiPath,
  type ExternalCalendarList,
  externalCalendarsApiPath,
  ZCalendarFeed,
  ZExternalCalendarList,
} from "../../../contracts/calendars.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";

export const calendarFeedKey = ["calendars", "feed"] as const;
export const externalCalendarsKey = ["calendars", "external"] as const;

export function useCalendarFeed(enabled = true) {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => apiRequest("GET", calendarFeedApiPath, ZCalendarFeed, { signal }),
    enabled,
  });
}

export type FeedChange = "on" | "replace" | "off";

export function useCalendarFeedChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: FeedChange) =>
      change === "on"
        ? apiRequest("PUT", calendarFeedApiPath, ZCalendarFeed)
        : change === "replace"
          ? apiRequest("POST", calendarFeedReplaceApiPath, ZCalendarFeed)
          : apiRequest("DELETE", calendarFeedApiPath, ZCalendarFeed),
    meta: { errorTitle: "Could not change your calendar feed" },
    // Told here, not in mutate()'s callbacks: those are skipped once the card unmounts.
    onSuccess: (feed, change) => {
      client.setQueryData(calendarFeedKey, feed);
      if (change === "replace") toast.success("New feed address ready");
      if (change === "off") toast.success("Calendar feed turned off");
    },
  });
}

/** A calendar still waiting for its first fetch (it starts as soon as it is added). */
const syncing = (list: ExternalCalendarList | undefined) =>
  Boolean(list?.calendars.some((c) => c.lastAttemptAt === null));

export function useExternalCalendars() {
  return useQuery({
    queryKey: externalCalendarsKey,
    queryFn: ({ signal }) =>
      apiRequest("GET", externalCalendarsApiPath, ZExternalCalendarList, { signal }),
    // Until each new calendar's first fetch has finished, ask again every second.
    refetchInterval: (query) =>
      syncing(query.state.data) ? 1_000 : CALENDARS.syncEveryMinutes * 60_000,
  });
}

export type ExternalCalendarChange = { add: string } | { remove: string };

export function useExternalCalendarChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ExternalCalendarChange) =>
      "add" in change
        ? apiRequest("POST", externalCalendarsApiPath, ZExternalCalendarList, {
            body: { url: change.add },
          })
        : apiRequest(
            "DELETE",
            `${externalCalendarsApiPath}/${change.remove}`,
            ZExternalCalendarList,
          ),
    meta: { errorTitle: "Could not change your calendars" },
    onSuccess: (list, change) => {
      client.setQueryData(externalCalendarsKey, list);
      if ("add" in change) toast.success("Calendar added: its busy times will block bookings");
    },
  });
}
