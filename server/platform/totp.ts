import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * Time-based one-time codes as Better Auth's two-factor plugin makes them (6 digits, 30 s):
 * for the demo admin, the tests and the e2e journeys, which play the authenticator app.
 */

/** The Base32 secret an otpauth:// URI carries (what an authenticator app stores). */
export function totpSecretFromUri(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get("secret");
  if (!secret) throw new Error("The otpauth URI has no secret");
  return secret;
}

/** The Base32 form of a secret Better Auth keeps as text (its UTF-8 bytes are the key). */
export function totpSecretToBase32(secret: string): string {
  return base32.encode(secret, { padding: false });
}

/** The code an authenticator app shows now for the Base32 secret. */
export function totpCode(base32Secret: string): Promise<string> {
  return createOTP(base32.decode(base32Secret)).totp();
}
