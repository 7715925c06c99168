import type { ErrorCode, ErrorResponse } from "../../contracts/errors.ts";

/** The one error services throw; `respondWithError` turns it into the one error shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly warnings?: string[],
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const HTTP_STATUS_BY_CODE = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  enrolment_required: 403,
  two_factor_required: 403,
  password_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;

export function errorBody(code: ErrorCode, message: string, warnings?: string[]): ErrorResponse {
  return warnings?.length ? { error: { code, message }, warnings } : { error: { code, message } };
}
