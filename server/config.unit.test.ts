import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { vapidEnv } from "./test/vapid-env.ts";

const scratch = mkdtempSync(path.join(os.tmpdir(), "shutterhail-config-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const freshDataDir = () => path.join(scratch, `data-${++dirs}`);

/** A production configuration that starts; each test breaks one thing. */
const production = () => ({
  NODE_ENV: "production",
  DATA_DIR: freshDataDir(),
  AUTH_SECRET: randomBytes(32).toString("base64"),
  PAYMENT_DATA_KEY: randomBytes(32).toString("base64"),
  PUBLIC_ORIGIN: "https://shutterhail.example",
  SMTP_URL: "smtp://mail.example:587",
  PAYPAL_CLIENT_ID: "live-client-id",
  PAYPAL_CLIENT_SECRET: "live-client-secret",
  PAYPAL_WEBHOOK_ID: "8PT597110X687430LKGECATA",
  ...vapidEnv(),
});

const PAYPAL_VARIABLES = ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"] as const;

/** The message loadConfig refused `env` with. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("loadConfig accepted the configuration");
}

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({ DATA_DIR: freshDataDir() });
    expect(config).toMatchObject({ port: 3000, env: "development", demoSeed: true, s3: undefined });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(10);
  });

  it("runs every role in one process by default; web and worker alone only on PostgreSQL", () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() })).toMatchObject({
      role: "both",
      shutdownDelayMs: 0,
    });
    const split = {
      DATA_DIR: freshDataDir(),
      DATABASE_URL: "postgres://db/shutterhail",
      SHUTDOWN_DELAY_MS: "3000",
    };
    expect(loadConfig({ ...split, PROCESS_ROLE: "web" })).toMatchObject({
      role: "web",
      shutdownDelayMs: 3000,
    });
    expect(loadConfig({ ...split, PROCESS_ROLE: "worker" }).role).toBe("worker");
    expect(refusal({ DATA_DIR: freshDataDir(), PROCESS_ROLE: "worker" })).toBe(
      "Invalid configuration:\n  PROCESS_ROLE: worker needs DATABASE_URL: the embedded database serves one process, which must be both",
    );
    expect(refusal({ ...split, PROCESS_ROLE: "jobs" })).toMatch(/PROCESS_ROLE/);
    expect(refusal({ ...split, SHUTDOWN_DELAY_MS: "-1" })).toMatch(/SHUTDOWN_DELAY_MS/);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ S3_BUCKET: "media" })).toThrow(/set all four or none/);
  });

  it("switches uploads to S3 when all four S3 variables are set", () => {
    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.s3).toMatchObject({ bucket: "media", region: "us-east-1" });
  });
});

describe("secrets outside production", () => {
  it("generates random secrets on first start, keeps them private in DATA_DIR and reuses them", () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain(first.authSecret);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.paymentDataKey).toHaveLength(32);

    const again = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" });
    expect(again.authSecret).toBe(first.authSecret);
    expect(again.paymentDataKey.equals(first.paymentDataKey)).toBe(true);

    const elsewhere = loadConfig({ DATA_DIR: freshDataDir() });
    expect(elsewhere.authSecret).not.toBe(first.authSecret);
    expect(elsewhere.paymentDataKey.equals(first.paymentDataKey)).toBe(false);
  });

  it("generates a VAPID key pair for Web Push, and adds one to a secrets file from before it", () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(Buffer.from(first.push.vapid.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.push.vapid.privateKey, "base64url")).toHaveLength(32);
    expect(first.push.vapid.subject).toBe("mailto:no-reply@shutterhail.local");
    expect(loadConfig({ DATA_DIR: dataDir }).push.vapid).toEqual(first.push.vapid);

    const older = freshDataDir();
    const before = loadConfig({ DATA_DIR: older });
    const file = path.join(older, "secrets.json");
    const {
      vapidPublicKey: _p,
      vapidPrivateKey: _k,
      ...withoutVapid
    } = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    writeFileSync(file, JSON.stringify(withoutVapid));
    const upgraded = loadConfig({ DATA_DIR: older });
    expect(upgraded.authSecret).toBe(before.authSecret);
    expect(upgraded.paymentDataKey.equals(before.paymentDataKey)).toBe(true);
    expect(Buffer.from(upgraded.push.vapid.publicKey, "base64url")).toHaveLength(65);
    expect(upgraded.push.vapid.publicKey).not.toBe(before.push.vapid.publicKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: older }).push.vapid).toEqual(upgraded.push.vapid);
  });

  it("never uses the secrets once published in the source", () => {
    const config = loadConfig({ DATA_DIR: freshDataDir() });
    expect(config.authSecret).not.toBe("shutterhail-development-secret-not-for-production-use");
    expect(config.paymentDataKey.toString("base64")).not.toBe(
      "KS0CiP3l2lGQEGOB0JUI0obFwvXyDuQi1ggRaUcDcXc=",
    );
  });

  it("takes configured secrets over generated ones", () => {
    const env = production();
    const config = loadConfig({ ...env, NODE_ENV: "development" });
    expect(config.authSecret).toBe(env.AUTH_SECRET);
    expect(config.paymentDataKey.toString("base64")).toBe(env.PAYMENT_DATA_KEY);
  });
});

describe("production refuses to start", () => {
  it("starts with its own secrets, https, SMTP and PayPal", () => {
    const config = loadConfig(production());
    expect(config).toMatchObject({
      env: "production",
      publicOrigin: "https://shutterhail.example",
      paypal: {
        clientId: "live-client-id",
        apiBase: "https://api-m.sandbox.paypal.com",
        webhookId: "8PT597110X687430LKGECATA",
      },
    });
  });

  it("without PayPal (it would run on the built-in sandbox), naming exactly what is missing", () => {
    const none = refusal({
      ...production(),
      ...Object.fromEntries(PAYPAL_VARIABLES.map((v) => [v, ""])),
    });
    expect(none).toMatch(
      /PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: required in production/,
    );
    for (const variable of PAYPAL_VARIABLES) {
      const message = refusal({ ...production(), [variable]: undefined });
      expect(message).toMatch(new RegExp(`\\n  ${variable}: required in production`));
      for (const other of PAYPAL_VARIABLES.filter((v) => v !== variable)) {
        expect(message).not.toContain(other);
      }
    }
    // Outside production the sandbox stays the default.
    const development = loadConfig({
      ...production(),
      NODE_ENV: "development",
      PAYPAL_CLIENT_ID: "",
      PAYPAL_CLIENT_SECRET: "",
      PAYPAL_WEBHOOK_ID: "",
    });
    expect(development.paypal).toBeUndefined();
  });

  it("without an https PUBLIC_ORIGIN", () => {
    expect(() => loadConfig({ ...production(), PUBLIC_ORIGIN: undefined })).toThrow(
      /PUBLIC_ORIGIN: required in production, as an https:\/\/ origin/,
    );
    expect(() =>
      loadConfig({ ...production(), PUBLIC_ORIGIN: "http://shutterhail.example" }),
    ).toThrow(/PUBLIC_ORIGIN/);
  });

  it("without SMTP_URL (mail would silently stay in the outbox)", () => {
    expect(() => loadConfig({ ...production(), SMTP_URL: "" })).toThrow(
      /SMTP_URL: required in production/,
    );
  });

  it("with the development secrets once published in the source", () => {
    expect(() =>
      loadConfig({
        ...production(),
        AUTH_SECRET: "shutterhail-development-secret-not-for-production-use",
      }),
    ).toThrow(/AUTH_SECRET: is a development secret/);
    expect(() =>
      loadConfig({
        ...production(),
        PAYMENT_DATA_KEY: "KS0CiP3l2lGQEGOB0JUI0obFwvXyDuQi1ggRaUcDcXc=",
      }),
    ).toThrow(/PAYMENT_DATA_KEY: is a development key/);
  });

  it("without its VAPID key pair (no push would reach a device), or with a development one", () => {
    expect(refusal({ ...production(), VAPID_PRIVATE_KEY: undefined })).toMatch(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production/,
    );
    expect(refusal({ ...production(), VAPID_PUBLIC_KEY: "too-short" })).toMatch(
      /VAPID_PUBLIC_KEY: must be a P-256 public key/,
    );
    const env = production();
    const generated = loadConfig({ DATA_DIR: env.DATA_DIR }).push.vapid;
    expect(
      refusal({
        ...env,
        VAPID_PUBLIC_KEY: generated.publicKey,
        VAPID_PRIVATE_KEY: generated.privateKey,
      }),
    ).toMatch(/VAPID_PRIVATE_KEY: is a development key/);
    const config = loadConfig(production());
    expect(config.push.vapid.subject).toBe("https://shutterhail.example");
    expect(config.push.serviceHosts).toContain("fcm.googleapis.com");
  });

  it("with secrets generated for development, here or copied from elsewhere", () => {
    const env = production();
    const generated = loadConfig({ DATA_DIR: env.DATA_DIR });
    expect(() =>
      loadConfig({ ...env, PAYMENT_DATA_KEY: generated.paymentDataKey.toString("base64") }),
    ).toThrow(/PAYMENT_DATA_KEY: is a development key/);
    expect(() => loadConfig({ ...env, AUTH_SECRET: generated.authSecret })).toThrow(
      /AUTH_SECRET: is a development secret/,
    );
    const copied = loadConfig({ DATA_DIR: freshDataDir() }).authSecret;
    expect(() => loadConfig({ ...production(), AUTH_SECRET: copied })).toThrow(
      /AUTH_SECRET: is a development secret/,
    );
  });
});
