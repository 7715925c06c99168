import { toast } from "./toast.ts";

// Better Auth answers /api/auth/* in its own shape, `{ code, message }` beside `data`, and its
// client reads that shape (docs/decisions/006-auth-error-shape.md). This file is the one place
// the web turns it into words; API errors in the contract's shape go through api-errors.ts.

/** What Better Auth's client returns as `error` (null on success), or anything a call threw. */
type AuthFailure = { code?: string; message?: string } | null | undefined;

/** Better Auth's error for an account whose address is not confirmed yet. */
export const EMAIL_NOT_VERIFIED = "EMAIL_NOT_VERIFIED";

export function isAuthError(error: AuthFailure, code: string): boolean {
  return error?.code === code;
}

/** The auth server's own message for a failure, or `fallback` when it gave none. */
export function authErrorMessage(error: unknown, fallback: string): string {
  const message = (error as AuthFailure)?.message;
  return typeof message === "string" && message ? message : fallback;
}

type ToastOptions = NonNullable<Parameters<typeof toast.error>[1]>;

/**
 * A failed auth call as a toast: the spec's 'Authentication failed' (or another title) with the
 * auth server's message, or 'Please try again' when it gave none.
 */
export function toastAuthError(
  error: unknown,
  title = "Authentication failed",
  options: Omit<ToastOptions, "description"> = {},
) {
  toast.error(title, { ...options, description: authErrorMessage(error, "Please try again") });
}
