import { betterAuth } from "better-auth";
import { PASSWORD_LENGTH } from "../../contracts/constants.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { Mailer } from "./mail.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

export function siteOrigin(config: Config): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

// A development-only secret; production refuses to start without AUTH_SECRET (see main.ts).
const DEV_SECRET = "shutterhail-development-secret-not-for-production-use";

export function createAuth({
  config,
  database,
  mailer,
}: {
  config: Config;
  database: Database;
  mailer: Mailer;
}) {
  const origin = siteOrigin(config);
  const { google, facebook } = config.oauth;
  return betterAuth({
    appName: "ShutterHail",
    baseURL: origin,
    basePath: "/api/auth",
    secret: config.authSecret ?? DEV_SECRET,
    trustedOrigins: [origin],
    database: { db: database.db, type: "postgres" },
    user: {
      additionalFields: {
        location: { type: "string", required: false },
        signedUpAs: { type: "string", required: false, defaultValue: "client" },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: "Reset your ShutterHail password",
          text: `Someone asked to reset the password of your ShutterHail account.\n\nSet a new password: ${url}\n\nThe link works once and expires in one hour. If it was not you, ignore this email.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: "Confirm your ShutterHail account",
          text: `Welcome to ShutterHail${user.name ? `, ${user.name}` : ""}!\n\nConfirm your email address to finish signing up: ${url}\n\nThe link expires in 24 hours.`,
        });
      },
    },
    socialProviders: {
      ...(google ? { google } : {}),
      ...(facebook ? { facebook } : {}),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 200,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
      },
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
