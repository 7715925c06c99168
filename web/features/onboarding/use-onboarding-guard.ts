import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { ONBOARDING_MESSAGES, ZOnboardingStateResponse } from "../../../contracts/onboarding.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { useSession } from "../../lib/auth-client.ts";

/**
 * The spec's onboarding guard, in its order. Signed-out visitors go to /auth, which brings
 * them back here; every failure shows its message and goes home.
 */
export function useOnboardingGuard(applicationId: string | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: session, isPending } = useSession();
  const query = useQuery({
    queryKey: ["onboarding", applicationId, session?.user.id],
    queryFn: ({ signal }) =>
      apiRequest(
        "GET",
        `/onboarding/applications/${encodeURIComponent(applicationId ?? "")}`,
        ZOnboardingStateResponse,
        { signal },
      ),
    enabled: !!applicationId && !!session,
    retry: false,
    staleTime: 0,
  });

  useEffect(() => {
    if (!applicationId) {
      toast.error(ONBOARDING_MESSAGES.noApplicationId);
      navigate("/", { replace: true });
      return;
    }
    if (isPending) return;
    if (!session) {
      navigate(`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      });
      return;
    }
    if (query.error) {
      const known = query.error instanceof ApiError && [403, 404, 409].includes(query.error.status);
      toast.error(known ? query.error.message : "Failed to load application");
      navigate("/", { replace: true });
      return;
    }
    if (query.data?.state === "profile_exists") {
      toast.success(ONBOARDING_MESSAGES.profileExists);
      navigate("/profile", { replace: true });
    }
  }, [applicationId, isPending, session, query.error, query.data, navigate, location]);

  return query.data?.state === "ready" ? query.data.application : null;
}
