import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  goOfflineApiPath,
  goOnlineApiPath,
  heartbeatApiPath,
  type Position,
  type PresenceState,
  pageLeftApiPath,
  presenceApiPath,
  AVAILABILITY_STRINGS as S,
  STAY_AVAILABLE_STRINGS,
  type StayAvailableRequest,
  stayAvailableApiPath,
  ZPresenceState,
} from "../../../contracts/availability.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { isRetryable, showError } from "../../lib/api-errors.ts";
import { toast } from "../../lib/toast.ts";

export const availabilityKeys = { presence: ["availability", "presence"] as const };

/** The creator's own presence; a 401/403 here is the page's guard (not a creator). */
export function usePresence(enabled: boolean) {
  return useQuery({
    queryKey: availabilityKeys.presence,
    queryFn: ({ signal }) => apiRequest("GET", presenceApiPath, ZPresenceState, { signal }),
    enabled,
    staleTime: 0,
    retry: (count, error) => count < 1 && isRetryable(error),
  });
}

/** The switch: online or offline, with the spec's toasts. */
export function useSetOnline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (online: boolean) =>
      apiRequest("POST", online ? goOnlineApiPath : goOfflineApiPath, ZPresenceState, {
        body: {},
      }),
    onSuccess: (state) => {
      client.setQueryData(availabilityKeys.presence, state);
      if (state.online) toast.success(S.onlineToast);
      else toast.success(S.offlineToast);
    },
    onError: () => showError(S.errorTitle, S.updateFailed),
  });
}

/** Available without a tab until a chosen time (hails arrive by push). */
export function useStayAvailable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: StayAvailableRequest) =>
      apiRequest("POST", stayAvailableApiPath, ZPresenceState, { body: request }),
    onSuccess: (state) => {
      client.setQueryData(availabilityKeys.presence, state);
      toast.success(STAY_AVAILABLE_STRINGS.started);
    },
    meta: { errorTitle: S.updateFailed },
  });
}

export function sendHeartbeat(position: Position | undefined): Promise<PresenceState> {
  return apiRequest("POST", heartbeatApiPath, ZPresenceState, { body: position ?? {} });
}

/**
 * Sent as the page goes away (closed, reloaded or left for another URL): the browser delivers
 * it even as the tab closes. The creator stays online for a short grace, which a reloaded page
 * or another open tab ends by heartbeating.
 */
export function sendPageLeftBeacon() {
  return navigator.sendBeacon?.(`/api${pageLeftApiPath}`) ?? false;
}
