import { APIError } from "better-auth/api";
import { countAttempt, secondsUntilWindowCloses } from "../../platform/attempts.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { waitMessage } from "../../platform/rate-limit.ts";
import { hasCredentialPassword } from "./queries.ts";

// Asking a signed-in person for their password again before a sensitive change (payout
// details): a stolen session cookie alone must not be enough to redirect someone's money.
// The password is checked by Better Auth (its verify-password endpoint, over the caller's own
// session); attempts are counted per account, so a session cannot be used to guess it.

const ATTEMPTS = { max: 10, windowSeconds: 15 * 60 };

export type Reauthentication = {
  userId: string;
  /** The request's headers: Better Auth finds the session in them. */
  headers: Headers;
  password: string | undefined;
};

/**
 * Throws unless `password` is the account's: `password_required` when it is missing or wrong,
 * `forbidden` (naming what to do) when the account has no password, `rate_limited` after
 * ATTEMPTS.max tries in the window. `what` finishes "Enter your password to …".
 */
export async function requirePassword(deps: AppDeps, r: Reauthentication, what: string) {
  const { db } = deps.database;
  if (!(await hasCredentialPassword(db, r.userId))) {
    throw new AppError(
      "forbidden",
      `Your account signs in with Google or Facebook and has no password. Set one first (Forgot password at /admin/forgot emails you a link), then ${what}.`,
    );
  }
  if (!r.password) throw new AppError("password_required", `Enter your password to ${what}.`);
  const attempts = await countAttempt(
    db,
    `reauthenticate:user:${r.userId}`,
    ATTEMPTS.windowSeconds,
  );
  if (attempts.count > ATTEMPTS.max) {
    throw new AppError(
      "rate_limited",
      waitMessage(secondsUntilWindowCloses(attempts, ATTEMPTS.windowSeconds)),
    );
  }
  try {
    await deps.auth.api.verifyPassword({ body: { password: r.password }, headers: r.headers });
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") {
      throw new AppError(
        "password_required",
        `That password is not right. Enter your password to ${what}.`,
      );
    }
    throw error;
  }
}
