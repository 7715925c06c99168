import { z } from "zod";
import { idParam, optionalText, optionalUrl, ZSpecialties } from "./common.ts";
import { APPLICATIONS_PAGE_SIZE } from "./constants.ts";
import { APPLICATION_STATUSES, EXPERIENCE_LEVELS } from "./enums.ts";

export const IDEMPOTENCY_HEADER = "X-Idempotency-Key";
export const APPLICATION_SAMPLE_IMAGES_MAX = 10;

export const ZApplicationStatus = z.enum(APPLICATION_STATUSES);
const experienceValues = EXPERIENCE_LEVELS.map((l) => l.value) as [string, ...string[]];

/** A sample image uploaded before submitting; its key is what the application stores. */
export const ZSampleImageKey = z
  .string()
  .regex(/^private\/application-samples\/[0-9a-f-]{36}$/, "is not an uploaded sample image");

/** Travel radius in miles a person states freely (profile setup offers fixed options). */
export const ZTravelRadiusMiles = z.number().int().positive().max(10_000).optional().nullable();

// Spec §5: full name and a valid email required; the portfolio must be a URL; the rest optional.
export const ZSubmitApplicationRequest = z.object({
  fullName: z.string().trim().min(1, "Full name is required").max(120),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address")),
  phone: optionalText(40),
  city: optionalText(120),
  portfolioUrl: optionalUrl(),
  experienceLevel: z
    .enum(experienceValues)
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  specialties: ZSpecialties,
  aboutMe: optionalText(4000),
  travelRadius: ZTravelRadiusMiles,
  sampleImages: z.array(ZSampleImageKey).max(APPLICATION_SAMPLE_IMAGES_MAX).default([]),
});
export type SubmitApplicationRequest = z.input<typeof ZSubmitApplicationRequest>;

export const ZSampleImage = z.object({
  key: z.string(),
  thumbUrl: z.string(),
  url: z.string(),
});

export const ZApplication = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  portfolioUrl: z.string().nullable(),
  experienceLevel: z.string().nullable(),
  specialties: z.array(z.string()),
  aboutMe: z.string().nullable(),
  travelRadius: z.number().int().nullable(),
  sampleImages: z.array(ZSampleImage),
  status: ZApplicationStatus,
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  denialReason: z.string().nullable(),
  convertedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof ZApplication>;

const warnings = z.array(z.string()).optional();

export const ZSubmitApplicationResponse = z.object({
  application: z.object({ id: z.uuid(), status: ZApplicationStatus }),
  warnings,
});
export type SubmitApplicationResponse = z.infer<typeof ZSubmitApplicationResponse>;

export const ZSampleImageUploadResponse = z.object({ key: ZSampleImageKey });

/** The signed-in person's latest application (by their verified email), for its status. */
export const ZMyApplicationResponse = z.object({
  application: z
    .object({
      id: z.uuid(),
      status: ZApplicationStatus,
      createdAt: z.string(),
      denialReason: z.string().nullable(),
    })
    .nullable(),
});
export type MyApplicationResponse = z.infer<typeof ZMyApplicationResponse>;
export const myApplicationApiPath = "/applications/mine";

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

/** How many applications each status holds, one entry per status in APPLICATION_STATUSES order. */
export const ZApplicationCounts = z.array(
  z.object({ status: ZApplicationStatus, count: z.number().int() }),
);
export type ApplicationCounts = z.infer<typeof ZApplicationCounts>;

export const ZApplicationListItem = ZApplication.pick({
  id: true,
  fullName: true,
  email: true,
  city: true,
  status: true,
  createdAt: true,
});
export type ApplicationListItem = z.infer<typeof ZApplicationListItem>;

export const ZApplicationListResponse = z.object({
  items: z.array(ZApplicationListItem),
  total: z.number().int(),
  counts: ZApplicationCounts,
});
export type ApplicationListResponse = z.infer<typeof ZApplicationListResponse>;

export const ZApplicationDetailResponse = z.object({ application: ZApplication });

export const ZApplicationIdParam = idParam("Application not found");

export const DENIAL_REASON_MAX_LENGTH = 2000;

export const ZDenyApplicationRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(DENIAL_REASON_MAX_LENGTH)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type DenyApplicationRequest = z.input<typeof ZDenyApplicationRequest>;

export const ZApplicationDecisionResponse = z.object({ application: ZApplication, warnings });
export type ApplicationDecisionResponse = z.infer<typeof ZApplicationDecisionResponse>;

/** What the applications event stream sends when any application changes. */
export const ZApplicationChangedEvent = z.object({ id: z.string(), status: ZApplicationStatus });
