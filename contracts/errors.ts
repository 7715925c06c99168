import { z } from "zod";

// The one error shape every failing API response carries.
export const ERROR_CODES = [
  "bad_request",
  "validation_failed",
  "unauthenticated",
  "forbidden",
  /** Staff who have not set up two-factor sign-in yet (docs/decisions/015). */
  "enrolment_required",
  /** A staff session that did not pass the second factor (e.g. signed in by a link). */
  "two_factor_required",
  /** A change that needs the account's password again (e.g. payout details): none, or wrong. */
  "password_required",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Failures the web client names itself because no answer in the shape above arrived: the
 * request never reached the server (`network`), or the answer was not the one error shape
 * (`unexpected_response`, e.g. a proxy's HTML error page). Never sent by the server.
 */
export const CLIENT_ERROR_CODES = ["network", "unexpected_response"] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export const ZErrorResponse = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
  warnings: z.array(z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;
