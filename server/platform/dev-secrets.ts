import { createECDH, createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

// Outside production the server needs no configured secrets: the first start generates random
// ones and keeps them in DATA_DIR/secrets.json (readable by its own user only), so sessions
// and encrypted payout data survive restarts and no two installs share a forgeable secret.

export type DevSecrets = {
  authSecret: string;
  paymentDataKey: string;
  /** Web Push's VAPID key pair (RFC 8292): P-256, base64url (public uncompressed, private raw). */
  vapidPublicKey: string;
  vapidPrivateKey: string;
};

type StoredSecrets = Omit<DevSecrets, "vapidPublicKey" | "vapidPrivateKey"> &
  Partial<Pick<DevSecrets, "vapidPublicKey" | "vapidPrivateKey">>;

/** A fresh VAPID key pair, in the encoding web-push and PushManager.subscribe take. */
export function generateVapidKeys(): { vapidPublicKey: string; vapidPrivateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    vapidPublicKey: ecdh.getPublicKey().toString("base64url"),
    // A key with leading zero bytes comes back shorter: VAPID wants all 32 bytes.
    vapidPrivateKey: Buffer.from(ecdh.getPrivateKey("hex").padStart(64, "0"), "hex").toString(
      "base64url",
    ),
  };
}

/** Generated auth secrets carry this mark, so production can recognise and refuse one. */
export const DEV_AUTH_SECRET_PREFIX = "dev-only-";

/** Secrets once published in this repository's source: production refuses them. */
export const PUBLISHED_DEV_SECRETS = {
  authSecret: "shutterhail-development-secret-not-for-production-use",
  paymentDataKey: createHash("sha256")
    .update("shutterhail-development-payment-data-key")
    .digest()
    .toString("base64"),
};

export const devSecretsPath = (dataDir: string) => path.join(dataDir, "secrets.json");

export function readDevSecrets(dataDir: string): StoredSecrets | undefined {
  try {
    const parsed = JSON.parse(readFileSync(devSecretsPath(dataDir), "utf8")) as StoredSecrets;
    return typeof parsed.authSecret === "string" && typeof parsed.paymentDataKey === "string"
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

/** The data directory's development secrets, generated on first use. */
export function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = devSecretsPath(dataDir);
  const existing = readDevSecrets(dataDir);
  if (existing) {
    chmodSync(file, 0o600);
    return withVapidKeys(file, existing);
  }
  mkdirSync(dataDir, { recursive: true });
  const fresh: DevSecrets = {
    authSecret: `${DEV_AUTH_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`,
    paymentDataKey: randomBytes(32).toString("base64"),
    ...generateVapidKeys(),
  };
  // Written whole under a private name, then linked into place: link fails if another process
  // got there first, and nobody ever reads a half-written file. Then everyone reads the winner.
  const scratch = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(scratch, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(scratch, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(scratch, { force: true });
  }
  const stored = readDevSecrets(dataDir);
  if (!stored) throw new Error(`${file} is not a valid secrets file; remove it to regenerate`);
  return withVapidKeys(file, stored);
}

/**
 * A secrets file written before Web Push gets its VAPID keys added (the other secrets kept):
 * written whole under a private name and renamed into place. Two processes upgrading the same
 * file at once could each keep a different pair until restarted; only development does this.
 */
function withVapidKeys(file: string, stored: StoredSecrets): DevSecrets {
  if (stored.vapidPublicKey && stored.vapidPrivateKey) return stored as DevSecrets;
  const upgraded: DevSecrets = { ...stored, ...generateVapidKeys() };
  const scratch = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(scratch, `${JSON.stringify(upgraded, null, 2)}\n`, { mode: 0o600 });
  renameSync(scratch, file);
  return upgraded;
}

/** Whether a configured value is one of the development secrets production must refuse. */
export function isDevSecret(name: keyof DevSecrets, value: string, dataDir: string): boolean {
  if (name in PUBLISHED_DEV_SECRETS && value === PUBLISHED_DEV_SECRETS[name as "authSecret"])
    return true;
  if (name === "authSecret" && value.startsWith(DEV_AUTH_SECRET_PREFIX)) return true;
  return readDevSecrets(dataDir)?.[name] === value;
}
