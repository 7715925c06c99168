import { createHmac, timingSafeEqual } from "node:crypto";

// A device that once signed in to an account keeps a signed mark of it: a correct password
// from that device passes the per-account sign-in limit a stranger can fill
// (docs/decisions/014-sign-in-throttling.md). The mark names no account in the clear.

const COOKIE = "shutterhail.known_device";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one device remembers (shared computers, staff with a personal account). */
const MAX_ACCOUNTS = 10;

export function knownDeviceCookieName(secure: boolean): string {
  return secure ? `__Secure-${COOKIE}` : COOKIE;
}

function markOf(secret: string, email: string): string {
  return createHmac("sha256", secret).update(`known-device\0${email}`).digest("base64url");
}

function readMarks(cookieHeader: string | null | undefined, name: string): string[] {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=").split(".").filter(Boolean).slice(0, MAX_ACCOUNTS);
  }
  return [];
}

/** Whether the request's cookie says this device signed in to `email` before. */
export function isKnownDevice(
  cookieHeader: string | null | undefined,
  { secret, email, secure }: { secret: string; email: string; secure: boolean },
): boolean {
  const expected = Buffer.from(markOf(secret, email));
  return readMarks(cookieHeader, knownDeviceCookieName(secure)).some((mark) => {
    const given = Buffer.from(mark);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The Set-Cookie value remembering `email` on this device, beside the accounts it knew. */
export function knownDeviceCookie(
  cookieHeader: string | null | undefined,
  { secret, email, secure }: { secret: string; email: string; secure: boolean },
): string {
  const name = knownDeviceCookieName(secure);
  const mark = markOf(secret, email);
  const marks = [mark, ...readMarks(cookieHeader, name).filter((m) => m !== mark)].slice(
    0,
    MAX_ACCOUNTS,
  );
  const attributes = [
    `Max-Age=${MAX_AGE_SECONDS}`,
    "Path=/api/auth",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ];
  return [`${name}=${marks.join(".")}`, ...attributes].join("; ");
}
