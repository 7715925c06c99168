import { z } from "zod";

// Pieces every contract builds its schemas from, so a rule or a message is written once.

/** Free text a person may leave empty: trimmed, and null when blank. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const INVALID_URL_MESSAGE = "Enter a valid URL (https://...)";

/** An http(s) address a person may leave empty; null when blank. */
export const optionalUrl = (max = 500) =>
  z
    .union([z.literal(""), z.url({ protocol: /^https?$/, message: INVALID_URL_MESSAGE }).max(max)])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** A list where picking the same value twice means picking it once (spec §5). */
export const distinctList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .default([])
    .transform((list) => [...new Set(list)]);

/** Specialties typed or picked by a person: short names, at most 20. */
export const ZSpecialties = distinctList(z.string().trim().min(1).max(60), 20);

/**
 * A record's id in a path. A malformed id names nothing, so the server answers it like an
 * unknown one: 404 with `notFound` (server/platform/http.ts), never a 500 from the database.
 */
export const idParam = (notFound: string) => z.object({ id: z.uuid(notFound) });
