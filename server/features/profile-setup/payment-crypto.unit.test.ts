import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { vapidEnv } from "../../test/vapid-env.ts";
import { decryptSecret, encryptSecret } from "./payment-crypto.ts";

describe("payment data encryption", () => {
  const key = randomBytes(32);

  it("round-trips, never repeats a ciphertext and refuses tampering or another key", () => {
    const a = encryptSecret("123456789012", key);
    const b = encryptSecret("123456789012", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("123456789012");
    expect(decryptSecret(a, key)).toBe("123456789012");
    const [v, iv, tag, data] = a.split(":");
    const flipped = Buffer.from(data!, "base64");
    flipped[0]! ^= 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString("base64")].join(":"), key)).toThrow();
    expect(() => decryptSecret(a, randomBytes(32))).toThrow();
  });

  it("takes its key from PAYMENT_DATA_KEY, required in production and 32 bytes", () => {
    const base = {
      AUTH_SECRET: "x".repeat(40),
      PUBLIC_ORIGIN: "https://shutterhail.example",
      SMTP_URL: "smtp://mail.example:587",
      PAYPAL_CLIENT_ID: "client-id",
      PAYPAL_CLIENT_SECRET: "client-secret",
      PAYPAL_WEBHOOK_ID: "webhook-id",
      ...vapidEnv(),
    };
    expect(() => loadConfig({ ...base, NODE_ENV: "production" })).toThrow(/PAYMENT_DATA_KEY/);
    expect(() => loadConfig({ PAYMENT_DATA_KEY: randomBytes(16).toString("base64") })).toThrow(
      /PAYMENT_DATA_KEY: must be 32 bytes/,
    );
    const configured = randomBytes(32);
    const config = loadConfig({
      ...base,
      NODE_ENV: "production",
      PAYMENT_DATA_KEY: configured.toString("base64"),
    });
    expect(config.paymentDataKey.equals(configured)).toBe(true);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-payment-key-"));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).paymentDataKey).toHaveLength(32);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
