import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  PREFERENCES_SAVED,
  type Preferences,
  ZPreferences,
  ZUnsubscribeResponse,
} from "../../../contracts/preferences.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { notificationKeys } from "./keys.ts";

const PATH = "/account/preferences";

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => apiRequest("GET", PATH, ZPreferences, { signal }),
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: Preferences) =>
      apiRequest("PUT", PATH, ZPreferences, { body: preferences }),
    onSuccess: (saved) => {
      client.setQueryData(notificationKeys.preferences, saved);
      toast.success(PREFERENCES_SAVED);
    },
    meta: { errorTitle: "Settings could not be saved" },
  });
}

/** A mail's unsubscribe token, confirmed by a click (never by opening the link alone). */
export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest("POST", "/mail/unsubscribe", ZUnsubscribeResponse, { body: { token } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationKeys.preferences }),
  });
}
