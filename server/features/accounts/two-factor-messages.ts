/** The two-factor plugin's messages, said the way the product says them (docs/decisions/015). */
export const TWO_FACTOR_MESSAGES: Record<string, string> = {
  INVALID_CODE: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  INVALID_BACKUP_CODE: "That recovery code is not right, or it was used already.",
  INVALID_TWO_FACTOR_COOKIE: "Your sign-in took too long. Please sign in again.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Please sign in again.",
  ACCOUNT_TEMPORARILY_LOCKED:
    "Too many wrong codes for this account. Please wait 15 minutes, then sign in again.",
};
