import type { z } from "zod";
import {
  ONBOARDING_MESSAGES,
  type OnboardingStateResponse,
  type ZCompleteOnboardingRequest,
} from "../../../contracts/onboarding.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import {
  convertApplication,
  findApplicationForOnboarding,
  lockApplicationForOnboarding,
} from "../applications/service.ts";
import { createApprovedProfile, profileIdOfUser } from "../profiles/own-profile-service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type SessionUser = { id: string; email: string };
type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplicationForOnboarding>>>;

/**
 * The spec's guard, in its order: found → the signed-in user's email (case-insensitive) →
 * approved → no profile yet. A converted application passes the approval check so that
 * its owner, coming back, reaches "profile exists" rather than "not approved".
 */
function guard(application: ApplicationRow | undefined, user: SessionUser): ApplicationRow {
  if (!application) throw new AppError("not_found", ONBOARDING_MESSAGES.notFound);
  if (application.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("forbidden", ONBOARDING_MESSAGES.notYours);
  }
  if (application.status !== "approved" && application.status !== "converted") {
    throw new AppError("conflict", ONBOARDING_MESSAGES.notApproved);
  }
  return application;
}

export async function onboardingState(
  deps: AppDeps,
  applicationId: string,
  user: SessionUser,
): Promise<OnboardingStateResponse> {
  const application = guard(
    UUID.test(applicationId) ? await findApplicationForOnboarding(deps, applicationId) : undefined,
    user,
  );
  if (await profileIdOfUser(deps, user.id)) return { state: "profile_exists" };
  if (application.status === "converted") {
    throw new AppError("conflict", ONBOARDING_MESSAGES.notApproved);
  }
  const { status: _status, ...fields } = application;
  return { state: "ready", application: fields };
}

/** Creates the approved creator profile and converts the application, in one transaction. */
export async function completeOnboarding(
  deps: AppDeps,
  input: z.output<typeof ZCompleteOnboardingRequest>,
  user: SessionUser,
) {
  if (!UUID.test(input.application_id)) {
    throw new AppError("not_found", ONBOARDING_MESSAGES.notFound);
  }
  return deps.database.db.transaction().execute(async (trx) => {
    const application = guard(
      await lockApplicationForOnboarding(deps, input.application_id, trx),
      user,
    );
    if ((await profileIdOfUser(deps, user.id, trx)) || application.status === "converted") {
      throw new AppError("conflict", "Profile already exists");
    }
    const profile = await createApprovedProfile(
      deps,
      {
        user_id: user.id,
        application_id: application.id,
        full_name: input.full_name,
        business_name: input.business_name,
        bio: input.bio,
        specialties: input.specialties,
        portfolio_url: input.portfolio_url,
        city: input.city,
        phone: application.phone,
        travel_radius: input.travel_radius ?? null,
      },
      trx,
    ).catch((error: { code?: string }) => {
      if (error.code === "23505") throw new AppError("conflict", "Profile already exists");
      throw error;
    });
    await convertApplication(deps, application.id, trx);
    return { profile };
  });
}
