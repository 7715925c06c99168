import { execFile } from "node:child_process";
import { createPrivateKey, type KeyObject, sign } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";

// The fake PayPal signs its webhook deliveries the way PayPal does (SHA256withRSA over
// "transmission id|time|webhook id|crc32(body)") with a throwaway key and a self-signed
// certificate made by openssl at start-up, valid from yesterday for two days.

export type WebhookSigner = {
  certificatePem: string;
  sign(message: string): string;
};

export async function createWebhookSigner(): Promise<WebhookSigner> {
  const dir = await mkdtemp(join(tmpdir(), "fake-paypal-"));
  try {
    const keyPath = join(dir, "key.pem");
    const certPath = join(dir, "cert.pem");
    await promisify(execFile)("openssl", [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      "/CN=fake-paypal",
      "-days",
      "2",
      "-keyout",
      keyPath,
      "-out",
      certPath,
    ]);
    const key: KeyObject = createPrivateKey(await readFile(keyPath));
    const certificatePem = await readFile(certPath, "utf8");
    return {
      certificatePem,
      sign: (message) => sign("sha256", Buffer.from(message), key).toString("base64"),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function webhookMessage(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  body: Uint8Array,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;
}
