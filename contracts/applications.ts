import { z } from "zod";
import { APPLICATIONS_PAGE_SIZE } from "./constants.ts";
import { APPLICATION_STATUSES, EXPERIENCE_LEVELS } from "./enums.ts";

export const IDEMPOTENCY_HEADER = "X-Idempotency-Key";
export const APPLICATION_SAMPLE_IMAGES_MAX = 10;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const ZApplicationStatus = z.enum(APPLICATION_STATUSES);
const experienceValues = EXPERIENCE_LEVELS.map((l) => l.value) as [string, ...string[]];

/** A sample image uploaded before submitting; its key is what the application stores. */
export const ZSampleImageKey = z
  .string()
  .regex(/^private\/application-samples\/[0-9a-f-]{36}$/, "is not an uploaded sample image");

// Spec §5: full_name and a valid email required; portfolio_url must be a URL; the rest optional.
export const ZSubmitApplicationRequest = z.object({
  full_name: z.string().trim().min(1, "Full name is required").max(120),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address")),
  phone: optionalText(40),
  city: optionalText(120),
  portfolio_url: z
    .union([z.literal(""), z.url({ protocol: /^https?$/, message: "Enter a valid URL" }).max(500)])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  experience_level: z
    .enum(experienceValues)
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  specialties: z
    .array(z.string().trim().min(1).max(60))
    .max(20)
    .default([])
    .transform((list) => [...new Set(list)]),
  about_me: optionalText(4000),
  travel_radius: z.number().int().positive().max(10_000).optional().nullable(),
  sample_images: z.array(ZSampleImageKey).max(APPLICATION_SAMPLE_IMAGES_MAX).default([]),
});
export type SubmitApplicationRequest = z.input<typeof ZSubmitApplicationRequest>;

export const ZSampleImage = z.object({
  key: z.string(),
  thumbUrl: z.string(),
  url: z.string(),
});

export const ZApplication = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  portfolio_url: z.string().nullable(),
  experience_level: z.string().nullable(),
  specialties: z.array(z.string()),
  about_me: z.string().nullable(),
  travel_radius: z.number().int().nullable(),
  sample_images: z.array(ZSampleImage),
  status: ZApplicationStatus,
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  denial_reason: z.string().nullable(),
  converted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Application = z.infer<typeof ZApplication>;

const warnings = z.array(z.string()).optional();

export const ZSubmitApplicationResponse = z.object({
  application: z.object({ id: z.uuid(), status: ZApplicationStatus }),
  warnings,
});
export type SubmitApplicationResponse = z.infer<typeof ZSubmitApplicationResponse>;

export const ZSampleImageUploadResponse = z.object({ key: ZSampleImageKey });

export const ZApplicationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(APPLICATIONS_PAGE_SIZE),
  status: ZApplicationStatus.optional(),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ApplicationListQuery = z.input<typeof ZApplicationListQuery>;

export const ZApplicationCounts = z.object(
  Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, z.number().int()])) as Record<
    (typeof APPLICATION_STATUSES)[number],
    z.ZodNumber
  >,
);
export type ApplicationCounts = z.infer<typeof ZApplicationCounts>;

export const ZApplicationListItem = ZApplication.pick({
  id: true,
  full_name: true,
  email: true,
  city: true,
  status: true,
  created_at: true,
});
export type ApplicationListItem = z.infer<typeof ZApplicationListItem>;

export const ZApplicationListResponse = z.object({
  items: z.array(ZApplicationListItem),
  total: z.number().int(),
  counts: ZApplicationCounts,
});
export type ApplicationListResponse = z.infer<typeof ZApplicationListResponse>;

export const ZApplicationDetailResponse = z.object({ application: ZApplication });

export const ZApplicationIdParam = z.object({ id: z.string().max(64) });

export const ZDenyApplicationRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type DenyApplicationRequest = z.input<typeof ZDenyApplicationRequest>;

export const ZApplicationDecisionResponse = z.object({ application: ZApplication, warnings });
export type ApplicationDecisionResponse = z.infer<typeof ZApplicationDecisionResponse>;

/** What the applications event stream sends when any application changes. */
export const ZApplicationChangedEvent = z.object({ id: z.string(), status: ZApplicationStatus });
