import { z } from "zod";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const ZOnboardingApplication = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  portfolio_url: z.string().nullable(),
  specialties: z.array(z.string()),
  about_me: z.string().nullable(),
  travel_radius: z.number().int().nullable(),
});
export type OnboardingApplication = z.infer<typeof ZOnboardingApplication>;

/** The spec's guard passed: either the form can be shown, or the profile exists already. */
export const ZOnboardingStateResponse = z.discriminatedUnion("state", [
  z.object({ state: z.literal("ready"), application: ZOnboardingApplication }),
  z.object({ state: z.literal("profile_exists") }),
]);
export type OnboardingStateResponse = z.infer<typeof ZOnboardingStateResponse>;

// Spec §5: full_name required; others optional; travel_radius an integer or null.
export const ZCompleteOnboardingRequest = z.object({
  application_id: z.string().max(64),
  full_name: z.string().trim().min(1, "Full name is required").max(120),
  business_name: optionalText(120),
  bio: optionalText(4000),
  specialties: z
    .array(z.string().trim().min(1).max(60))
    .max(20)
    .default([])
    .transform((list) => [...new Set(list)]),
  portfolio_url: z
    .union([z.literal(""), z.url({ protocol: /^https?$/, message: "Enter a valid URL" }).max(500)])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  city: optionalText(120),
  travel_radius: z.number().int().positive().max(10_000).optional().nullable(),
});
export type CompleteOnboardingRequest = z.input<typeof ZCompleteOnboardingRequest>;

export const ZCompleteOnboardingResponse = z.object({ profile: z.object({ id: z.uuid() }) });

export const ONBOARDING_MESSAGES = {
  noApplicationId: "No application ID provided",
  notFound: "Application not found",
  notYours: "This application does not belong to your account",
  notApproved: "This application has not been approved yet",
  profileExists: "Profile already exists, redirecting...",
} as const;
