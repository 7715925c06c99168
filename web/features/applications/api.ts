import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import {
  type ApplicationListQuery,
  IDEMPOTENCY_HEADER,
  myApplicationApiPath,
  type SubmitApplicationRequest,
  ZApplicationDecisionResponse,
  ZApplicationDetailResponse,
  ZApplicationListResponse,
  ZDenyApplicationRequest,
  ZMyApplicationResponse,
  ZSampleImageUploadResponse,
  ZSubmitApplicationResponse,
} from "../../../contracts/applications.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { useSession } from "../../lib/auth-client.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { type DecisionAction, decisionFailed, decisionSucceeded } from "./decision-toasts.ts";

export const applicationKeys = {
  all: ["admin", "applications"] as const,
  list: (query: ApplicationListQuery) => ["admin", "applications", "list", query] as const,
  detail: (id: string) => ["admin", "applications", "detail", id] as const,
};

export const myApplicationKey = ["my-application"] as const;

/** The signed-in person's latest application (null when they have none); off when signed out. */
export function useMyApplication() {
  const signedIn = Boolean(useSession().data);
  return useQuery({
    queryKey: myApplicationKey,
    queryFn: ({ signal }) =>
      apiRequest("GET", myApplicationApiPath, ZMyApplicationResponse, { signal }),
    enabled: signedIn,
    select: (answer) => answer.application,
  });
}

export function submitApplication(body: SubmitApplicationRequest) {
  // A fresh key per submit: a retried request is answered once, never saved twice.
  return apiRequest("POST", "/applications", ZSubmitApplicationResponse, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });
}

export function uploadSampleImage(file: File) {
  const form = new FormData();
  form.append("file", file);
  return apiRequest("POST", "/applications/sample-images", ZSampleImageUploadResponse, {
    body: form,
  });
}

export function useApplicationList(query: ApplicationListQuery) {
  const params = new URLSearchParams({
    page: String(query.page ?? 1),
    pageSize: String(query.pageSize ?? 20),
  });
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  return useQuery({
    queryKey: applicationKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest("GET", `/admin/applications?${params}`, ZApplicationListResponse, { signal }),
    placeholderData: (previous) => previous,
    staleTime: 0,
    meta: { errorTitle: "Failed to load applications" },
  });
}

/**
 * One application. Opening it is an explicit POST (a pending one goes under review): the first
 * load of the screen sends it and shows what it answers; later reloads only read.
 */
export function useApplicationDetail(id: string) {
  const opened = useRef<string | undefined>(undefined);
  return useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: async ({ signal }) => {
      if (opened.current === id) {
        return apiRequest("GET", `/admin/applications/${id}`, ZApplicationDetailResponse, {
          signal,
        });
      }
      const response = await apiRequest(
        "POST",
        `/admin/applications/${id}/open`,
        ZApplicationDetailResponse,
        { signal },
      );
      opened.current = id;
      return response;
    },
    retry: false,
    staleTime: 0,
    meta: { errorTitle: "Failed to load application" },
  });
}

/**
 * Approve or deny. The spec's toasts (success, each warning, failure) are the hook's own
 * callbacks, not `mutate()`'s: a decided application's detail page drops its Actions card as
 * soon as the new status arrives, and TanStack Query skips `mutate()` callbacks once the
 * component that called it has unmounted.
 */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: DecisionAction; reason?: string }) =>
      apiRequest("POST", `/admin/applications/${id}/${action}`, ZApplicationDecisionResponse, {
        body: action === "deny" ? ZDenyApplicationRequest.parse({ reason }) : undefined,
      }),
    onSuccess: (response, { action }) => decisionSucceeded(action, response),
    onError: (error, { action }) => decisionFailed(action, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

/**
 * Any change to any application, by anyone, in any server process, reloads the open lists and
 * details. A dropped stream replays what it missed; when it cannot, we reload.
 */
export function useLiveApplications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    return subscribeEvents(REALTIME_TOPICS.applications, { onEvent: reload, onResync: reload });
  }, [queryClient]);
}
