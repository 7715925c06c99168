import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { PASSWORD_LENGTH } from "../../contracts/constants.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { isDeactivated } from "./auth-queries.ts";
import type { Logger } from "./logger.ts";
import type { Mail, Mailer } from "./mail.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

/** A session lasts this long from its last refresh (Better Auth refreshes it once a day). */
export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 30;

export function siteOrigin(config: Config): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

/**
 * The origins whose pages may send the site state-changing requests: the public origin, and
 * outside production also the app opened by address (127.0.0.1) and through Vite. Better
 * Auth's origin check and the app's (cross-site.ts) read this one list.
 */
export function trustedOrigins(config: Config): string[] {
  const origin = siteOrigin(config);
  if (config.env === "production") return [origin];
  return [
    ...new Set([
      origin,
      `http://localhost:${config.port}`,
      `http://127.0.0.1:${config.port}`,
      VITE_DEV_ORIGIN,
    ]),
  ];
}

/** Where a password-reset mail sends the person: the admin reset screen (spec §Admin login). */
export const PASSWORD_RESET_PATH = "/admin/reset";
// The Vite dev server (npm run dev:web) proxies /api from this origin.
const VITE_DEV_ORIGIN = "http://localhost:5173";

/** The path of `target` when it points into the site (relative or same origin), else "/". */
export function sameSitePath(target: string | null | undefined, origin: string): string {
  if (!target || target.startsWith("//")) return "/";
  try {
    const url = new URL(target, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : "/";
  } catch {
    return "/";
  }
}

/** The header Better Auth reads the client's address from; set by the auth handler, never trusted. */
export const CLIENT_IP_HEADER = "x-shutterhail-client-ip";

/** Better Auth's per-IP limits: generous enough for offices behind one NAT address. */
const PER_IP_LIMITS = {
  default: { window: 60, max: 300 },
  "/sign-in/email": { window: 60, max: 100 },
  "/sign-up/email": { window: 60, max: 20 },
  "/request-password-reset": { window: 60, max: 20 },
  "/send-verification-email": { window: 60, max: 20 },
  "/reset-password": { window: 60, max: 20 },
  // The plugin's own 3 per 10 s would trip an office; guessing stays bounded by the plugin's
  // 5 tries per challenge and 10 failures per account (then 15 minutes locked).
  "/two-factor/*": { window: 60, max: 30 },
} as const;

export const ACCOUNT_DEACTIVATED_MESSAGE =
  "This account has been deactivated. Contact support if you think this is a mistake.";

/** The endpoints whose new session proves a second factor (TOTP or a recovery code). */
const TWO_FACTOR_VERIFY_PATHS = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

type QueueMail = (mail: Mail) => Promise<void>;

/** Sign-in with email and password: the reset mail and the "you already have an account" mail. */
function emailAndPassword(origin: string, queueMail: QueueMail) {
  return {
    enabled: true,
    requireEmailVerification: true,
    minPasswordLength: PASSWORD_LENGTH.min,
    maxPasswordLength: PASSWORD_LENGTH.max,
    password: { hash: hashPassword, verify: verifyPassword },
    revokeSessionsOnPasswordReset: true,
    resetPasswordTokenExpiresIn: 60 * 60,
    sendResetPassword: async ({ user, token }: { user: { email: string }; token: string }) => {
      const url = `${origin}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(token)}`;
      await queueMail({
        to: user.email,
        subject: "Reset your ShutterHail password",
        text: `Someone asked to reset the password of your ShutterHail account.\n\nSet a new password: ${url}\n\nThe link works once and expires in one hour. If it was not you, ignore this email.`,
      });
    },
    // Sign-up answers the same whether or not the address is taken; the owner hears of it.
    onExistingUserSignUp: async ({ user }: { user: { email: string } }) => {
      await queueMail({
        to: user.email,
        subject: "You already have a ShutterHail account",
        text: `Someone tried to create a ShutterHail account with this address, which already has one.\n\nSign in at ${origin}/ . Forgot your password? Set a new one at ${origin}/admin/forgot .\n\nIf it was not you, ignore this email.`,
      });
    },
  } satisfies BetterAuthOptions["emailAndPassword"];
}

/** The confirmation mail a new account gets; its link comes back to this site only. */
function emailVerification(origin: string, queueMail: QueueMail) {
  return {
    sendOnSignUp: true,
    // The sign-in answer says the address is unconfirmed; the person asks for a new link.
    sendOnSignIn: false,
    autoSignInAfterVerification: true,
    expiresIn: 24 * 60 * 60,
    sendVerificationEmail: async ({
      user,
      url,
    }: {
      user: { email: string; name: string };
      url: string;
    }) => {
      // The link comes back to the site: its origin followed by / (or by the same-site path
      // the person was heading to, e.g. onboarding), never elsewhere.
      const link = new URL(url);
      link.searchParams.set(
        "callbackURL",
        `${origin}${sameSitePath(link.searchParams.get("callbackURL"), origin)}`,
      );
      await queueMail({
        to: user.email,
        subject: "Confirm your ShutterHail account",
        text: `Welcome to ShutterHail${user.name ? `, ${user.name}` : ""}!\n\nConfirm your email address to finish signing up: ${link}\n\nThe link expires in 24 hours.`,
      });
    },
  } satisfies BetterAuthOptions["emailVerification"];
}

/**
 * Before a session is created: staff deactivated this account (the back office) — no new
 * session, by any path; a session made by a verified second factor is marked so.
 */
function beforeSessionCreate(database: Database) {
  return async <S extends { userId: string }>(session: S, context: { path?: string } | null) => {
    if (await isDeactivated(database.db, session.userId)) {
      throw new APIError("FORBIDDEN", {
        code: "ACCOUNT_DEACTIVATED",
        message: ACCOUNT_DEACTIVATED_MESSAGE,
      });
    }
    return context?.path && TWO_FACTOR_VERIFY_PATHS.has(context.path)
      ? { data: { ...session, twoFactorVerified: true } }
      : undefined;
  };
}

export function createAuth({
  config,
  database,
  mailer,
  log,
  onAccountChanged = () => {},
}: {
  config: Config;
  database: Database;
  mailer: Mailer;
  log: Logger;
  /** Told after Better Auth changes or deletes a user's session or account (the session cache). */
  onAccountChanged?: (userId: string) => void;
}) {
  const origin = siteOrigin(config);
  const { google, facebook } = config.oauth;
  // Only queued here (every path queues one mail, so response times reveal nothing about
  // whether an address has an account); the queue delivers and retries it.
  const queueMail = async (mail: Mail) => {
    await mailer
      .send(mail)
      .catch((err) => log.error({ err, subject: mail.subject }, "mail failed"));
  };
  return betterAuth({
    appName: "ShutterHail",
    // Better Auth's own messages go to our structured log (and its level), not the console.
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        log[level === "debug" ? "debug" : level]({ source: "better-auth", args }, message),
    },
    baseURL: origin,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: { db: database.db, type: "postgres" },
    user: {
      additionalFields: {
        location: { type: "string", required: false },
        signedUpAs: { type: "string", required: false, defaultValue: "client" },
      },
    },
    emailAndPassword: emailAndPassword(origin, queueMail),
    emailVerification: emailVerification(origin, queueMail),
    socialProviders: {
      ...(google ? { google } : {}),
      ...(facebook ? { facebook } : {}),
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        twoFactorVerified: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    // Staff sign in with a second factor (docs/decisions/015); the admin access level
    // requires a session that a verified code created.
    plugins: [twoFactor({ issuer: "ShutterHail" })],
    databaseHooks: {
      user: {
        update: { after: async (user) => user && onAccountChanged(user.id) },
        delete: { after: async (user) => user && onAccountChanged(user.id) },
      },
      session: {
        update: { after: async (session) => session && onAccountChanged(session.userId) },
        delete: { after: async (session) => session && onAccountChanged(session.userId) },
        create: { before: beforeSessionCreate(database) },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      // Per IP here; per address and per account in features/accounts/auth-handler.ts.
      window: PER_IP_LIMITS.default.window,
      max: PER_IP_LIMITS.default.max,
      customRules: {
        "/sign-in/email": PER_IP_LIMITS["/sign-in/email"],
        "/sign-up/email": PER_IP_LIMITS["/sign-up/email"],
        "/request-password-reset": PER_IP_LIMITS["/request-password-reset"],
        "/send-verification-email": PER_IP_LIMITS["/send-verification-email"],
        "/reset-password": PER_IP_LIMITS["/reset-password"],
        "/two-factor/*": PER_IP_LIMITS["/two-factor/*"],
      },
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      // Set by the auth handler from the connection (or a trusted proxy), never by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
