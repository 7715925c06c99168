import type { ClientErrorCode, ErrorCode } from "../../contracts/errors.ts";

// Apart from api-client.ts (which parses answers with zod) so that the app-wide error handling
// in the first page load does not bring the schemas with it.

export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * An API failure in the one error shape, with any warnings the server sent. Screens branch on
 * `code` (web/lib/api-errors.ts), never on `status`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly warnings: string[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}
