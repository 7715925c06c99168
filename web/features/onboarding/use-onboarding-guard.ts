import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { ONBOARDING_MESSAGES } from "../../../contracts/onboarding.ts";
import { isApiError, showError } from "../../lib/api-errors.ts";
import { useSession } from "../../lib/auth-client.ts";
import { toast } from "../../lib/toast.ts";
import { useOnboardingState } from "./api.ts";

/**
 * The spec's onboarding guard, in its order. Signed-out visitors go to /auth, which brings
 * them back here; every failure shows its message and goes home.
 */
export function useOnboardingGuard(applicationId: string | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: session, isPending } = useSession();
  const query = useOnboardingState(applicationId, session?.user.id);

  useEffect(() => {
    if (!applicationId) {
      showError(ONBOARDING_MESSAGES.noApplicationId);
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
      // The guard's refusals carry the spec's own messages.
      const known = (["forbidden", "not_found", "conflict"] as const).some((code) =>
        isApiError(query.error, code),
      );
      showError(known ? query.error.message : "Failed to load application");
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
