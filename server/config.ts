import path from "node:path";
import { z } from "zod";
import { isDevSecret, loadOrCreateDevSecrets } from "./platform/dev-secrets.ts";
import type { S3Options } from "./platform/s3-storage.ts";

// Every environment variable the server reads, parsed and validated once.
const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_ORIGIN: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string")
    .optional(),
  // Connections to PostgreSQL; more than a few per core only adds contention (measured in docs/performance.md).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default(".data"),
  DEMO_SEED: z.enum(["auto", "off"]).default("auto"),
  // What this process does (docs/deploy.md): serve web traffic, run jobs, or both.
  PROCESS_ROLE: z.enum(["web", "worker", "both"]).default("both"),
  // Behind a load balancer: how long a stopping process keeps serving while /api/ready answers
  // 503, so the balancer takes it out before it stops listening (its checks' interval × fall).
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("ShutterHail <no-reply@shutterhail.local>"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STREAM_ACCESS_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(600),
  // Presence heartbeats are written at most once per this many ms per process (issue 24).
  HEARTBEAT_FLUSH_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_ENV: z.enum(["sandbox", "live"]).default("sandbox"),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  // Whether the merchant account can authorize (hold) payments: PayPal's "Authorize & Capture",
  // which verified business accounts have. "off": every payment is captured when approved.
  PAYPAL_HOLDS: z.enum(["on", "off"]).default("on"),
  // Tests point the PayPal adapter at the fake PayPal server (server/test/fake-paypal/).
  PAYPAL_API_BASE: z.url().optional(),
  PAYMENT_DATA_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64-encoded")
    .optional(),
  // Web Push (docs/push.md): the VAPID key pair, base64url (`npx web-push generate-vapid-keys`).
  VAPID_PUBLIC_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, "base64url").length === 65,
      "must be a P-256 public key, base64url",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64url").length === 32, "must be 32 bytes, base64url")
    .optional(),
  // Who push services may contact about our pushes: mailto: or https:.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must be a mailto: address or an https:// URL")
    .optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicOrigin: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  demoSeed: boolean;
  /** web: HTTP and event streams, no jobs; worker: jobs (and health) only; both: everything. */
  role: ProcessRole;
  /** How long shutdown reports not-ready while still serving, before it stops listening. */
  shutdownDelayMs: number;
  logLevel: z.infer<typeof ZEnv>["LOG_LEVEL"];
  /** Configured, or outside production generated once into DATA_DIR/secrets.json. */
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  oauth: {
    google: { clientId: string; clientSecret: string } | undefined;
    facebook: { clientId: string; clientSecret: string } | undefined;
  };
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (rate limits). */
  trustProxy: boolean;
  /** Uploads go to this S3-compatible store when configured, else to DATA_DIR/uploads. */
  s3: S3Options | undefined;
  webDistDir: string;
  /** AES-256-GCM key for bank account and tax id data (profile setup); sourced like authSecret. */
  paymentDataKey: Buffer;
  /** How often an open event stream re-checks its caller's access (a revoked one ends). */
  streamAccessCheckMs: number;
  /** How long a process remembers a signed-in session it heard no change of (0: never). */
  sessionCacheSeconds: number;
  /** Presence heartbeats are written at most once per this many ms per process (0: each at once). */
  heartbeatFlushMs: number;
  /** PayPal when its credentials are set; otherwise payments run on the built-in sandbox. */
  paypal: PayPalConfig | undefined;
  /**
   * Tests only, never from the environment (deps refuse it in production): lets the external
   * calendar fetcher reach a loopback server with a test CA, with shorter limits.
   */
  calendarFetchTest?: {
    allowedAddresses: string[];
    trustedRootsPem: string[];
    resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
    timeoutMs?: number;
    maxBytes?: number;
  };
  /** Web Push: configured, or outside production generated once into DATA_DIR/secrets.json. */
  push: PushConfig;
};

export type ProcessRole = "web" | "worker" | "both";

export type PushConfig = {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /**
   * Hosts a subscription's endpoint may name (the browsers' push services; a suffix matches
   * its subdomains): the server posts to that URL, so no other address is accepted.
   */
  serviceHosts: readonly string[];
  /** Roots a push service's certificate may chain to besides Node's own: set by tests only. */
  trustedRootsPem?: string[];
};

/** The push services of Chrome/Edge/Opera (FCM), Firefox (Mozilla), Safari (Apple), Windows. */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
] as const;

export type PayPalConfig = {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com, unless PAYPAL_API_BASE says. */
  apiBase: string;
  /** Needed to verify webhooks; without it every webhook is refused (required in production). */
  webhookId: string | undefined;
  /** The account can authorize and capture later (docs/decisions/021); else it charges at once. */
  holds: boolean;
  /**
   * Roots a webhook certificate may chain to besides Node's bundled ones (tls.rootCertificates):
   * set by tests for the fake PayPal's own CA, never from the environment.
   */
  webhookTrustedRootsPem?: string[];
};

const PAYPAL_API_BASES = {
  sandbox: "https://api-m.sandbox.paypal.com",
  live: "https://api-m.paypal.com",
} as const;

export class ConfigError extends Error {}

function pair(id: string | undefined, secret: string | undefined) {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = ZEnv.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const s3Vars = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Vars.some(Boolean) && !s3Vars.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all four or none",
    );
  }
  if (e.PROCESS_ROLE !== "both" && !e.DATABASE_URL) {
    throw refuse(
      "PROCESS_ROLE",
      `${e.PROCESS_ROLE} needs DATABASE_URL: the embedded database serves one process, which must be both`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets =
    e.NODE_ENV === "production" ? productionSecrets(e, dataDir) : developmentSecrets(e, dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    demoSeed: e.DEMO_SEED === "auto",
    role: e.PROCESS_ROLE,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    logLevel: e.LOG_LEVEL,
    authSecret: secrets.authSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oauth: {
      google: pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      facebook: pair(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
    },
    trustProxy: e.TRUST_PROXY === "true",
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    webDistDir: path.resolve("dist/web"),
    paymentDataKey: Buffer.from(secrets.paymentDataKey, "base64"),
    streamAccessCheckMs: e.STREAM_ACCESS_CHECK_MS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    heartbeatFlushMs: e.HEARTBEAT_FLUSH_MS,
    paypal: paypalConfig(e),
    push: {
      vapid: {
        publicKey: secrets.vapidPublicKey,
        privateKey: secrets.vapidPrivateKey,
        subject: e.VAPID_SUBJECT ?? vapidSubject(e),
      },
      serviceHosts: PUSH_SERVICE_HOSTS,
    },
  };
}

/** The site itself when it is on https, else the sender address of its mail. */
function vapidSubject(e: Env): string {
  if (e.PUBLIC_ORIGIN?.startsWith("https://")) return e.PUBLIC_ORIGIN;
  const address = e.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? e.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** Production never runs on the built-in sandbox: anyone could approve any order there. */
const PAYPAL_REQUIRED_IN_PRODUCTION = [
  "PAYPAL_CLIENT_ID",
  "PAYPAL_CLIENT_SECRET",
  "PAYPAL_WEBHOOK_ID",
] as const;

function paypalConfig(e: Env): PayPalConfig | undefined {
  const missing = PAYPAL_REQUIRED_IN_PRODUCTION.filter((name) => !e[name]);
  if (e.NODE_ENV === "production" && missing.length) {
    throw refuse(
      missing.join(", "),
      "required in production (without PayPal, payments would run on the built-in sandbox, where anyone approves any order and no money moves)",
    );
  }
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    throw refuse("PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET", "set both or neither");
  }
  if (!e.PAYPAL_CLIENT_ID || !e.PAYPAL_CLIENT_SECRET) return undefined;
  return {
    clientId: e.PAYPAL_CLIENT_ID,
    clientSecret: e.PAYPAL_CLIENT_SECRET,
    apiBase: (e.PAYPAL_API_BASE ?? PAYPAL_API_BASES[e.PAYPAL_ENV]).replace(/\/$/, ""),
    webhookId: e.PAYPAL_WEBHOOK_ID,
    holds: e.PAYPAL_HOLDS === "on",
  };
}

type Env = z.infer<typeof ZEnv>;

const refuse = (variable: string, problem: string) =>
  new ConfigError(`Invalid configuration:\n  ${variable}: ${problem}`);

/**
 * Production runs only with its own secrets, on https (so session cookies are Secure and
 * __Secure- prefixed) and with real mail delivery.
 */
function productionSecrets(e: Env, dataDir: string) {
  if (!e.AUTH_SECRET) throw refuse("AUTH_SECRET", "required in production");
  if (!e.PAYMENT_DATA_KEY) throw refuse("PAYMENT_DATA_KEY", "required in production");
  if (isDevSecret("authSecret", e.AUTH_SECRET, dataDir)) {
    throw refuse("AUTH_SECRET", "is a development secret; generate one (openssl rand -base64 32)");
  }
  if (isDevSecret("paymentDataKey", e.PAYMENT_DATA_KEY, dataDir)) {
    throw refuse(
      "PAYMENT_DATA_KEY",
      "is a development key; generate one (openssl rand -base64 32)",
    );
  }
  if (!e.PUBLIC_ORIGIN?.startsWith("https://")) {
    throw refuse("PUBLIC_ORIGIN", "required in production, as an https:// origin");
  }
  if (!e.SMTP_URL) {
    throw refuse("SMTP_URL", "required in production (without it mail would stay in the outbox)");
  }
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
    throw refuse(
      "VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY",
      "required in production (generate a pair: npx web-push generate-vapid-keys); without them no push reaches a device",
    );
  }
  if (isDevSecret("vapidPrivateKey", e.VAPID_PRIVATE_KEY, dataDir)) {
    throw refuse("VAPID_PRIVATE_KEY", "is a development key; generate a pair of your own");
  }
  return {
    authSecret: e.AUTH_SECRET,
    paymentDataKey: e.PAYMENT_DATA_KEY,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
  };
}

/** Configured secrets win; the rest come from (or are generated into) DATA_DIR/secrets.json. */
function developmentSecrets(e: Env, dataDir: string) {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw refuse("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY", "set both or neither");
  }
  if (e.AUTH_SECRET && e.PAYMENT_DATA_KEY && e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return {
      authSecret: e.AUTH_SECRET,
      paymentDataKey: e.PAYMENT_DATA_KEY,
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    };
  }
  let generated: ReturnType<typeof loadOrCreateDevSecrets>;
  try {
    generated = loadOrCreateDevSecrets(dataDir);
  } catch (error) {
    throw refuse("DATA_DIR", `cannot keep development secrets: ${(error as Error).message}`);
  }
  const vapidConfigured = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY;
  return {
    authSecret: e.AUTH_SECRET ?? generated.authSecret,
    paymentDataKey: e.PAYMENT_DATA_KEY ?? generated.paymentDataKey,
    vapidPublicKey: vapidConfigured ? e.VAPID_PUBLIC_KEY! : generated.vapidPublicKey,
    vapidPrivateKey: vapidConfigured ? e.VAPID_PRIVATE_KEY! : generated.vapidPrivateKey,
  };
}
