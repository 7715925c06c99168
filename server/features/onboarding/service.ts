import type { z } from "zod";
import {
  ONBOARDING_MESSAGES,
  type OnboardingStateResponse,
  type ZCompleteOnboardingRequest,
  ZOnboardingApplication,
} from "../../../contracts/onboarding.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import {
  convertApplication,
  findApplicationForOnboarding,
  lockApplicationForOnboarding,
} from "../applications/service.ts";
import { createApprovedProfile, profileIdOfUser } from "../profiles/own-profile-service.ts";

type SessionUser = { id: string; email: string; emailVerified: boolean };
type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplicationForOnboarding>>>;

/**
 * Only a verified address proves the account owns the application's email: a social sign-in
 * can arrive unverified (Facebook's always do), naming anyone's address.
 */
function requireVerifiedEmail(user: SessionUser): void {
  if (!user.emailVerified) throw new AppError("forbidden", ONBOARDING_MESSAGES.emailNotVerified);
}

/**
 * The spec's guard, in its order (after the verified-email check): found → the signed-in user's email (case-insensitive) →
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
  requireVerifiedEmail(user);
  const application = guard(await findApplicationForOnboarding(deps, applicationId), user);
  if (await profileIdOfUser(deps, user.id)) return { state: "profile_exists" };
  if (application.status === "converted") {
    throw new AppError("conflict", ONBOARDING_MESSAGES.notApproved);
  }
  const { status: _status, ...fields } = application;
  return { state: "ready", application: ZOnboardingApplication.parse(fields) };
}

/** Creates the approved creator profile and converts the application, in one transaction. */
export async function completeOnboarding(
  deps: AppDeps,
  input: z.output<typeof ZCompleteOnboardingRequest>,
  user: SessionUser,
) {
  requireVerifiedEmail(user);
  return deps.database.db.transaction().execute(async (trx) => {
    const application = guard(
      await lockApplicationForOnboarding(deps, input.applicationId, trx),
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
        full_name: input.fullName,
        business_name: input.businessName,
        bio: input.bio,
        specialties: input.specialties,
        portfolio_url: input.portfolioUrl,
        city: input.city,
        phone: application.phone,
        travel_radius: input.travelRadius ?? null,
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
