import { ApiError, type ApiErrorCode } from "./api-error.ts";
import { toast } from "./toast.ts";

/** The spec's toast for a call made without a session, on every screen. */
export const AUTH_REQUIRED = "Authentication required";

/** Whether `error` is an API failure, and (given a code) one with that code. */
export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The server never answered in its own words: no connection, or not an API failure at all. */
const noServerAnswer = (error: unknown) => !isApiError(error) || error.code === "network";

/** Failures worth asking again for: the server's own faults and answers it could not shape. */
export function isRetryable(error: unknown): boolean {
  return (
    !isApiError(error) ||
    error.code === "internal" ||
    error.code === "unavailable" ||
    error.code === "unexpected_response"
  );
}

export type ApiErrorToast = {
  /** Shown under the title when the server gave no message of its own. */
  description?: string;
  /** The title when no answer came from the server (network failure); defaults to the title. */
  offlineTitle?: string;
};

/**
 * A failure the screen found itself (a file too large, a field missing, no clipboard or
 * location), in the spec's words: `title`, and what to do under it. Like every failure toast
 * on the web it goes through this module.
 */
export function showError(title: string, description?: string) {
  toast.error(title, description === undefined ? undefined : { description });
}

/**
 * The one way a screen reports a failed call: a signed-out caller sees 'Authentication
 * required'; anything else the screen's title with the server's message under it.
 * Screens usually state the title once as `meta: { errorTitle }` on their query or mutation
 * (web/lib/query-client.ts calls this) instead of calling it themselves.
 */
export function toastApiError(error: unknown, title: string, options: ApiErrorToast = {}) {
  if (isApiError(error, "unauthenticated")) showError(AUTH_REQUIRED);
  else if (noServerAnswer(error)) showError(options.offlineTitle ?? title, options.description);
  else showError(title, (error as ApiError).message || options.description);
}
