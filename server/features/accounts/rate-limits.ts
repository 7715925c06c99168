// Limits per address (the email a request names) and per account, on top of Better Auth's
// per-IP limits (server/platform/auth.ts). Counted in auth_attempts so every process shares them.

export type AttemptRule = {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
  /** A success clears the counter (sign-in counts failures in a row, not sign-ins). */
  clearOnSuccess?: boolean;
};

export const SIGN_IN_PATH = "/sign-in/email";

export const PER_ADDRESS_LIMITS = {
  "/sign-up/email": { max: 5, windowSeconds: 60 * 60 },
  "/request-password-reset": { max: 5, windowSeconds: 60 * 60 },
  "/send-verification-email": { max: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, AttemptRule>;

/**
 * Sign-in (docs/decisions/014-sign-in-throttling.md). One client guessing one account: 10
 * attempts in a row per (account, client address /64), cleared by a success, so a stranger
 * elsewhere never uses up the owner's tries.
 */
export const SIGN_IN_PER_CLIENT: AttemptRule = {
  max: 10,
  windowSeconds: 15 * 60,
  clearOnSuccess: true,
};

/**
 * Many addresses guessing one account: 50 attempts an hour from devices that never signed in
 * to it. A device that did (its known-device cookie) is not counted here, so its owner still
 * signs in while strangers fill this counter.
 */
export const SIGN_IN_PER_ACCOUNT: AttemptRule = { max: 50, windowSeconds: 60 * 60 };

/** Setting a new password from a reset link, counted per account. */
export const PASSWORD_RESET_PER_ACCOUNT: AttemptRule = { max: 10, windowSeconds: 60 * 60 };
