import { z } from "zod";

// The one error shape every failing API response carries.
export const ERROR_CODES = [
  "bad_request",
  "validation_failed",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "rate_limited",
  "unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ZErrorResponse = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
  warnings: z.array(z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;
