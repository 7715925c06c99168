import { z } from "zod";
import { ZApplication, ZSubmitApplicationRequest } from "./applications.ts";
import { idParam, optionalText } from "./common.ts";

export const ONBOARDING_MESSAGES = {
  noApplicationId: "No application ID provided",
  notFound: "Application not found",
  notYours: "This application does not belong to your account",
  emailNotVerified:
    "Please confirm your email address first: onboarding needs an account whose email is verified.",
  notApproved: "This application has not been approved yet",
  profileExists: "Profile already exists, redirecting...",
} as const;

export const ZOnboardingApplicationIdParam = idParam(ONBOARDING_MESSAGES.notFound);

/** What the applicant sees of their own application: no staff fields. */
export const ZOnboardingApplication = ZApplication.pick({
  id: true,
  fullName: true,
  email: true,
  phone: true,
  city: true,
  portfolioUrl: true,
  specialties: true,
  aboutMe: true,
  travelRadius: true,
});
export type OnboardingApplication = z.infer<typeof ZOnboardingApplication>;

/** The spec's guard passed: either the form can be shown, or the profile exists already. */
export const ZOnboardingStateResponse = z.discriminatedUnion("state", [
  z.object({ state: z.literal("ready"), application: ZOnboardingApplication }),
  z.object({ state: z.literal("profile_exists") }),
]);
export type OnboardingStateResponse = z.infer<typeof ZOnboardingStateResponse>;

// Spec §5: full name required; others optional; the travel radius an integer or null. The
// fields the application asked for keep the application's rules and messages.
export const ZCompleteOnboardingRequest = ZSubmitApplicationRequest.pick({
  fullName: true,
  specialties: true,
  portfolioUrl: true,
  city: true,
  travelRadius: true,
}).extend({
  applicationId: z.uuid(ONBOARDING_MESSAGES.notFound),
  businessName: optionalText(120),
  bio: optionalText(4000),
});
export type CompleteOnboardingRequest = z.input<typeof ZCompleteOnboardingRequest>;

export const ZCompleteOnboardingResponse = z.object({ profile: z.object({ id: z.uuid() }) });
