import { z } from "zod";
import { distinctList, idParam, optionalText } from "./common.ts";
import { PASSWORD_LENGTH, TRAVEL_RADIUS_OPTIONS } from "./constants.ts";
import { EQUIPMENT, EXPERIENCE_LEVELS, PAYMENT_METHODS, PROFILE_SPECIALTIES } from "./enums.ts";
import { ZPortfolioItem } from "./profiles.ts";

const cents = z.number().int().min(0).max(10_000_000).nullable().optional();
const picks = <T extends readonly [string, ...string[]]>(values: T) =>
  distinctList(z.enum(values), values.length * 2);

export const DOCUMENT_KINDS = ["verification", "insurance"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENTS_PER_KIND_MAX = 5;
export const PORTFOLIO_MAX_ITEMS = 40;
export const PORTFOLIO_HINT = { min: 10, max: 20 } as const;

export const ZStep1 = z.object({
  fullName: z.string().trim().min(1, "Full name is required").max(120),
  businessName: optionalText(120),
  bio: optionalText(4000),
  phone: optionalText(40),
});
export const ZStep2 = z.object({
  specialties: picks(PROFILE_SPECIALTIES),
  equipment: picks(EQUIPMENT),
  experience: z
    .enum(EXPERIENCE_LEVELS.map((l) => l.value) as [string, ...string[]])
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export const ZStep3 = z.object({
  hourlyRateCents: cents,
  packageServices: optionalText(4000),
  travelRadius: z
    .number()
    .int()
    .refine((v) => (TRAVEL_RADIUS_OPTIONS as readonly number[]).includes(v), {
      message: `must be one of ${TRAVEL_RADIUS_OPTIONS.join(", ")}`,
    }),
  serviceLocation: optionalText(200),
  travelFeeCents: cents,
});
/**
 * Bank and tax numbers are write-only: send them to set or replace, omit them to keep what is
 * stored. Only what payouts need is kept for the chosen method.
 */
export const ZStep4 = z.object({
  paymentMethod: z
    .enum(PAYMENT_METHODS)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  payoutEmail: z
    .union([z.literal(""), z.email("Enter a valid payout email")])
    .nullable()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
  bankRouting: z
    .string()
    .regex(/^\d{9}$/, "Routing number must be 9 digits")
    .optional(),
  bankAccount: z
    .string()
    .regex(/^\d{4,17}$/, "Account number must be 4 to 17 digits")
    .optional(),
  taxId: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{2}-?\d{4}$|^\d{2}-?\d{7}$/, "Tax ID must be an SSN or EIN (9 digits)")
    .optional(),
  /**
   * The account's password, needed to change payout details already set (never stored or
   * sent back); the first time they are set it is not asked.
   */
  currentPassword: z.string().min(1).max(PASSWORD_LENGTH.max).optional(),
});
export const ZStep5 = z.object({
  insurance: optionalText(2000),
  references: optionalText(4000),
});

export const ZSaveStepRequest = z.discriminatedUnion("step", [
  ZStep1.extend({ step: z.literal(1) }),
  ZStep2.extend({ step: z.literal(2) }),
  ZStep3.extend({ step: z.literal(3) }),
  ZStep4.extend({ step: z.literal(4) }),
  ZStep5.extend({ step: z.literal(5) }),
]);
export type SaveStepRequest = z.input<typeof ZSaveStepRequest>;

export const ZCreatorDocument = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
export type CreatorDocument = z.infer<typeof ZCreatorDocument>;

export const ZProfileSetup = z.object({
  fullName: z.string().nullable(),
  businessName: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  specialties: z.array(z.string()),
  equipment: z.array(z.string()),
  experience: z.string().nullable(),
  hourlyRateCents: z.number().int().nullable(),
  packageServices: z.string().nullable(),
  travelRadius: z.number().int().nullable(),
  serviceLocation: z.string().nullable(),
  travelFeeCents: z.number().int().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  payoutEmail: z.string().nullable(),
  bankAccountLast4: z.string().nullable(),
  hasTaxId: z.boolean(),
  insurance: z.string().nullable(),
  references: z.string().nullable(),
  setupStep: z.number().int(),
  completionPercent: z.number().int(),
  isComplete: z.boolean(),
  isPublished: z.boolean(),
  /** Whether the service location was found on the map (search needs it). */
  located: z.boolean(),
});
export type ProfileSetup = z.infer<typeof ZProfileSetup>;

export const ZProfileSetupResponse = z.object({
  profile: ZProfileSetup,
  /** In display order; the first is the cover. */
  portfolio: z.array(ZPortfolioItem),
  documents: z.array(ZCreatorDocument),
});
export type ProfileSetupResponse = z.infer<typeof ZProfileSetupResponse>;

export const ZPortfolioImageIdParam = idParam("Portfolio image not found");
export const ZDocumentIdParam = idParam("Document not found");

export const ZPortfolioOrderRequest = z.object({ ids: z.array(z.uuid()).max(PORTFOLIO_MAX_ITEMS) });

export const PROFILE_SETUP_MESSAGES = {
  /** Spec §8, 'Access denied': signed in without any creator profile to verify. */
  unverified: "Unable to verify your photographer profile.",
  notApproved: "You need an approved photographer profile to access profile setup.",
  unlocated:
    "We could not find your primary service location. Enter a 5-digit ZIP code or “City, ST”.",
} as const;
