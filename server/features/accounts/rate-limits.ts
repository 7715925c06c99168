// Limits per address (the email a request names) and per account, on top of Better Auth's
// per-IP limits (server/platform/auth.ts). Counted in auth_attempts so every process shares them.

export type AttemptRule = {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
  /** A success clears the counter (sign-in counts failures in a row, not sign-ins). */
  clearOnSuccess?: boolean;
};

export const PER_ADDRESS_LIMITS = {
  "/sign-in/email": { max: 10, windowSeconds: 15 * 60, clearOnSuccess: true },
  "/sign-up/email": { max: 5, windowSeconds: 60 * 60 },
  "/request-password-reset": { max: 5, windowSeconds: 60 * 60 },
  "/send-verification-email": { max: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, AttemptRule>;

/** Setting a new password from a reset link, counted per account. */
export const PASSWORD_RESET_PER_ACCOUNT: AttemptRule = { max: 10, windowSeconds: 60 * 60 };
