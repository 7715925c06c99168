import type { z } from "zod";
import {
  ONBOARDING_MESSAGES,
  type OnboardingStateResponse,
  type ZCompleteOnboardingRequest,
  ZOnboardingApplication,
} from "../../../contracts/onboarding.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { findApplication, toApplication } from "../applications/queries.ts";
import { convertApplication } from "../applications/service.ts";
import * as q from "./queries.ts";

type SessionUser = { id: string; email: string };
type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

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
  const db = deps.database.db;
  const application = guard(await findApplication(db, applicationId), user);
  if (await q.profileIdOfUser(db, user.id)) return { state: "profile_exists" };
  if (application.status === "converted") {
    throw new AppError("conflict", ONBOARDING_MESSAGES.notApproved);
  }
  return { state: "ready", application: ZOnboardingApplication.parse(toApplication(application)) };
}

/** Creates the approved creator profile and converts the application, in one transaction. */
export async function completeOnboarding(
  deps: AppDeps,
  input: z.output<typeof ZCompleteOnboardingRequest>,
  user: SessionUser,
) {
  return deps.database.db.transaction().execute(async (trx) => {
    const application = guard(await q.lockApplication(trx, input.applicationId), user);
    if ((await q.profileIdOfUser(trx, user.id)) || application.status === "converted") {
      throw new AppError("conflict", "Profile already exists");
    }
    const profile = await q
      .insertApprovedProfile(trx, {
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
      })
      .catch((error: { code?: string }) => {
        if (error.code === "23505") throw new AppError("conflict", "Profile already exists");
        throw error;
      });
    await convertApplication(deps, trx, application.id);
    return { profile };
  });
}
