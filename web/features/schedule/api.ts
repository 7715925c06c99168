import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type DateOverrideRequest,
  dateOverridesApiPath,
  type OneOffRequest,
  oneOffsApiPath,
  type Schedule,
  type ScheduleSettings,
  scheduleApiPath,
  scheduleSettingsApiPath,
  type WeeklyHoursRequest,
  weeklyHoursApiPath,
  ZSchedule,
} from "../../../contracts/schedule.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { isApiError } from "../../lib/api-errors.ts";

export const scheduleKey = ["availability", "schedule"] as const;

/** The signed-in creator's schedule; 401/403 (not a creator) is no error for the card. */
export function useSchedule() {
  return useQuery({
    queryKey: scheduleKey,
    queryFn: ({ signal }) => apiRequest("GET", scheduleApiPath, ZSchedule, { signal }),
    retry: (count, error) =>
      !isApiError(error, "unauthenticated") && !isApiError(error, "forbidden") && count < 2,
  });
}

export type ScheduleItemKind = "weekly" | "override" | "oneOff";
const ITEM_PATHS: Record<ScheduleItemKind, string> = {
  weekly: weeklyHoursApiPath,
  override: dateOverridesApiPath,
  oneOff: oneOffsApiPath,
};

export type ScheduleChange =
  | { kind: "weekly"; body: WeeklyHoursRequest }
  | { kind: "override"; body: DateOverrideRequest }
  | { kind: "oneOff"; body: OneOffRequest }
  | { kind: "settings"; body: ScheduleSettings }
  | { kind: "delete"; item: ScheduleItemKind; id: string };

function send(change: ScheduleChange): Promise<Schedule> {
  switch (change.kind) {
    case "delete":
      return apiRequest("DELETE", `${ITEM_PATHS[change.item]}/${change.id}`, ZSchedule);
    case "settings":
      return apiRequest("PUT", scheduleSettingsApiPath, ZSchedule, { body: change.body });
    default:
      return apiRequest("POST", ITEM_PATHS[change.kind], ZSchedule, { body: change.body });
  }
}

/** Every change answers the whole schedule, which replaces the cached one. */
export function useScheduleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (schedule) => client.setQueryData(scheduleKey, schedule),
  });
}
