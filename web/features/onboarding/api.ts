import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { UPLOAD_FILES_PER_REQUEST } from "../../../contracts/media.ts";
import {
  type CompleteOnboardingRequest,
  ZCompleteOnboardingResponse,
  ZOnboardingStateResponse,
} from "../../../contracts/onboarding.ts";
import {
  type DocumentKind,
  type ProfileSetupResponse,
  type SaveStepRequest,
  ZProfileSetupResponse,
} from "../../../contracts/profile-setup.ts";
import { apiRequest } from "../../lib/api-client.ts";

export const onboardingKeys = {
  state: (applicationId: string | null, userId: string | undefined) =>
    ["onboarding", applicationId, userId] as const,
  profileSetup: (userId: string | undefined) => ["profile-setup", userId] as const,
};

/** The description of a failed upload when the server gave no reason. */
export const UPLOAD_FAILED = "Upload failed. Please try again.";

/** Where an approved application stands for the signed-in user (the onboarding guard). */
export function useOnboardingState(applicationId: string | null, userId: string | undefined) {
  return useQuery({
    queryKey: onboardingKeys.state(applicationId, userId),
    queryFn: ({ signal }) =>
      apiRequest(
        "GET",
        `/onboarding/applications/${encodeURIComponent(applicationId ?? "")}`,
        ZOnboardingStateResponse,
        { signal },
      ),
    enabled: !!applicationId && !!userId,
    retry: false,
    staleTime: 0,
  });
}

export function completeOnboarding(body: CompleteOnboardingRequest) {
  return apiRequest("POST", "/onboarding/complete", ZCompleteOnboardingResponse, { body });
}

const key = onboardingKeys.profileSetup;

export function useProfileSetupQuery(userId: string | undefined) {
  return useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => apiRequest("GET", "/profile-setup", ZProfileSetupResponse, { signal }),
    enabled: !!userId,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every call answers with the whole setup; the cache takes it as the new truth. */
export function useProfileSetupActions(userId: string | undefined) {
  const queryClient = useQueryClient();
  const call = useCallback(
    async (method: "PUT" | "POST" | "DELETE", path: string, body?: unknown) => {
      const data = await apiRequest(method, path, ZProfileSetupResponse, { body });
      queryClient.setQueryData<ProfileSetupResponse>(key(userId), data);
      return data;
    },
    [queryClient, userId],
  );
  return {
    saveStep: (body: SaveStepRequest) => call("PUT", "/profile-setup/draft", body),
    complete: () => call("POST", "/profile-setup/complete"),
    async uploadPortfolio(files: File[]) {
      // Big selections go in several requests, so no single request grows too large.
      for (let i = 0; i < files.length; i += UPLOAD_FILES_PER_REQUEST) {
        const form = new FormData();
        for (const file of files.slice(i, i + UPLOAD_FILES_PER_REQUEST)) form.append("files", file);
        await call("POST", "/profile-setup/portfolio", form);
      }
    },
    reorder: (ids: string[]) => call("PUT", "/profile-setup/portfolio/order", { ids }),
    deleteImage: (id: string) => call("DELETE", `/profile-setup/portfolio/${id}`),
    uploadDocument(kind: DocumentKind, file: File) {
      const form = new FormData();
      form.append("kind", kind);
      form.append("file", file);
      return call("POST", "/profile-setup/documents", form);
    },
    deleteDocument: (id: string) => call("DELETE", `/profile-setup/documents/${id}`),
  };
}

export type ProfileSetupActions = ReturnType<typeof useProfileSetupActions>;
