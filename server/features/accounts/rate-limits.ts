// Limits per address (the email a request names) and per account, on top of Better Auth's
// per-IP limits (server/platform/auth.ts). Counted in auth_attempts so every process shares them.

/** The header Better Auth reads the client's address from; set by the auth handler, never trusted. */
export const CLIENT_IP_HEADER = "x-shutterhail-client-ip";

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

/** Better Auth's per-IP limits: generous enough for offices behind one NAT address. */
export const PER_IP_LIMITS = {
  default: { window: 60, max: 300 },
  "/sign-in/email": { window: 60, max: 100 },
  "/sign-up/email": { window: 60, max: 20 },
  "/request-password-reset": { window: 60, max: 20 },
  "/send-verification-email": { window: 60, max: 20 },
  "/reset-password": { window: 60, max: 20 },
} as const;
