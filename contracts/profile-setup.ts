import { z } from "zod";
import { TRAVEL_RADIUS_OPTIONS } from "./constants.ts";
import { EQUIPMENT, EXPERIENCE_LEVELS, PAYMENT_METHODS, PROFILE_SPECIALTIES } from "./enums.ts";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const cents = z.number().int().min(0).max(10_000_000).nullable().optional();
/** Duplicate picks are ignored (spec §5). */
const picks = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values))
    .max(values.length * 2)
    .default([])
    .transform((list) => [...new Set(list)]);

export const DOCUMENT_KINDS = ["verification", "insurance"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENTS_PER_KIND_MAX = 5;
export const PORTFOLIO_MAX_ITEMS = 40;
export const PORTFOLIO_HINT = { min: 10, max: 20 } as const;

export const ZStep1 = z.object({
  full_name: z.string().trim().min(1, "Full name is required").max(120),
  business_name: text(120),
  bio: text(4000),
  phone: text(40),
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
  hourly_rate_cents: cents,
  package_services: text(4000),
  travel_radius: z
    .number()
    .int()
    .refine((v) => (TRAVEL_RADIUS_OPTIONS as readonly number[]).includes(v), {
      message: `must be one of ${TRAVEL_RADIUS_OPTIONS.join(", ")}`,
    }),
  service_location: text(200),
  travel_fee_cents: cents,
});
/**
 * Bank and tax numbers are write-only: send them to set or replace, omit them to keep what is
 * stored. Only what payouts need is kept for the chosen method.
 */
export const ZStep4 = z.object({
  payment_method: z
    .enum(PAYMENT_METHODS)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  payout_email: z
    .union([z.literal(""), z.email("Enter a valid payout email")])
    .nullable()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
  bank_routing: z
    .string()
    .regex(/^\d{9}$/, "Routing number must be 9 digits")
    .optional(),
  bank_account: z
    .string()
    .regex(/^\d{4,17}$/, "Account number must be 4 to 17 digits")
    .optional(),
  tax_id: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{2}-?\d{4}$|^\d{2}-?\d{7}$/, "Tax ID must be an SSN or EIN (9 digits)")
    .optional(),
});
export const ZStep5 = z.object({
  insurance: text(2000),
  references: text(4000),
});

export const ZSaveStepRequest = z.discriminatedUnion("step", [
  ZStep1.extend({ step: z.literal(1) }),
  ZStep2.extend({ step: z.literal(2) }),
  ZStep3.extend({ step: z.literal(3) }),
  ZStep4.extend({ step: z.literal(4) }),
  ZStep5.extend({ step: z.literal(5) }),
]);
export type SaveStepRequest = z.input<typeof ZSaveStepRequest>;

export const ZPortfolioItem = z.object({
  id: z.uuid(),
  image_key: z.string(),
  thumb_url: z.string(),
  url: z.string(),
  sort_order: z.number().int(),
});
export type PortfolioItem = z.infer<typeof ZPortfolioItem>;

export const ZCreatorDocument = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
  created_at: z.string(),
});
export type CreatorDocument = z.infer<typeof ZCreatorDocument>;

export const ZProfileSetup = z.object({
  full_name: z.string().nullable(),
  business_name: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  specialties: z.array(z.string()),
  equipment: z.array(z.string()),
  experience: z.string().nullable(),
  hourly_rate_cents: z.number().int().nullable(),
  package_services: z.string().nullable(),
  travel_radius: z.number().int().nullable(),
  service_location: z.string().nullable(),
  travel_fee_cents: z.number().int().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  payout_email: z.string().nullable(),
  bank_account_last4: z.string().nullable(),
  has_tax_id: z.boolean(),
  insurance: z.string().nullable(),
  references: z.string().nullable(),
  setup_step: z.number().int(),
  completion_percent: z.number().int(),
  is_complete: z.boolean(),
  is_published: z.boolean(),
  /** Whether the service location was found on the map (search needs it). */
  located: z.boolean(),
});
export type ProfileSetup = z.infer<typeof ZProfileSetup>;

export const ZProfileSetupResponse = z.object({
  profile: ZProfileSetup,
  portfolio: z.array(ZPortfolioItem),
  documents: z.array(ZCreatorDocument),
});
export type ProfileSetupResponse = z.infer<typeof ZProfileSetupResponse>;

export const ZPortfolioOrderRequest = z.object({ ids: z.array(z.uuid()).max(PORTFOLIO_MAX_ITEMS) });

export const PROFILE_SETUP_MESSAGES = {
  notApproved: "You need an approved photographer profile to access profile setup.",
  unlocated:
    "We could not find your primary service location. Enter a 5-digit ZIP code or “City, ST”.",
} as const;
