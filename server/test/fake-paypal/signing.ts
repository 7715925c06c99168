import { execFile } from "node:child_process";
import { createPrivateKey, type KeyObject, sign } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";

// The fake PayPal signs webhook deliveries the way PayPal does (SHA256withRSA over
// "transmission id|time|webhook id|crc32(body)") with a certificate that, like PayPal's, chains
// to a trusted root and names PayPal in its subject. openssl makes, once per process: a test
// root CA and a key; with that key, the PayPal-like leaf signed by the root, and three
// certificates for refusal tests (self-signed, signed by the root but naming someone else, and
// expired). All are backdated a year so a test clock a little in the past still fits.

/** Which certificate a delivery points at (all certify the same signing key). */
export type CertificateKind =
  | "paypal"
  /** PayPal's certificate served alone, without the chain up to a root the app trusts. */
  | "leaf-only"
  | "self-signed"
  | "wrong-subject"
  | "expired";

export type WebhookSigner = {
  /** The test root CA: tell the app's verifier to trust it. */
  rootCertificatePem: string;
  /** PEM served at each kind's cert URL ("paypal": the leaf followed by the root). */
  certificates: Record<CertificateKind, string>;
  sign(message: string): string;
};

export const PAYPAL_SUBJECT =
  "/C=US/ST=California/L=San Jose/O=PayPal, Inc./OU=Fake PayPal for tests/CN=messageverificationcerts.paypal.com";
const WRONG_SUBJECT = "/C=US/O=Example Corp/CN=messageverificationcerts.example.com";

const CA_CONFIG = `[ca]
default_ca = fake
[fake]
dir = .
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = anything
unique_subject = no
email_in_dn = no
[anything]
countryName = optional
stateOrProvinceName = optional
localityName = optional
organizationName = optional
organizationalUnitName = optional
commonName = supplied
[root]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[leaf]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
subjectAltName = DNS:messageverificationcerts.paypal.com
[wrong]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
authorityKeyIdentifier = keyid
subjectAltName = DNS:messageverificationcerts.example.com
`;

/** openssl's date form: YYYYMMDDHHMMSSZ. */
const stamp = (date: Date) => `${date.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`;
const YEAR_MS = 365 * 86_400_000;

async function makeCertificates() {
  const dir = await mkdtemp(join(tmpdir(), "fake-paypal-"));
  const run = (...args: string[]) => promisify(execFile)("openssl", args, { cwd: dir });
  const path = (name: string) => join(dir, name);
  try {
    await writeFile(path("ca.cnf"), CA_CONFIG);
    await writeFile(path("index.txt"), "");
    await writeFile(path("serial"), "1000\n");
    const now = Date.now();
    const from = stamp(new Date(now - YEAR_MS));
    const until = stamp(new Date(now + 10 * YEAR_MS));
    // One CA, one signing key.
    await run(
      "req",
      "-new",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      "/O=Fake PayPal tests/CN=Fake PayPal Test Root CA",
      "-keyout",
      "root.key",
      "-out",
      "root.csr",
    );
    await run(
      "req",
      "-new",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      PAYPAL_SUBJECT,
      "-keyout",
      "leaf.key",
      "-out",
      "leaf.csr",
    );
    await run("req", "-new", "-key", "leaf.key", "-subj", WRONG_SUBJECT, "-out", "wrong.csr");
    const ca = (...args: string[]) => run("ca", "-batch", "-notext", "-config", "ca.cnf", ...args);
    await ca(
      "-selfsign",
      "-keyfile",
      "root.key",
      "-in",
      "root.csr",
      "-out",
      "root.pem",
      "-extensions",
      "root",
      "-startdate",
      from,
      "-enddate",
      until,
    );
    const byRoot = ["-cert", "root.pem", "-keyfile", "root.key", "-extensions", "leaf"];
    await ca(
      ...byRoot,
      "-in",
      "leaf.csr",
      "-out",
      "leaf.pem",
      "-startdate",
      from,
      "-enddate",
      until,
    );
    await ca(
      ...byRoot,
      "-extensions",
      "wrong",
      "-in",
      "wrong.csr",
      "-out",
      "wrong.pem",
      "-startdate",
      from,
      "-enddate",
      until,
    );
    const expiredUntil = stamp(new Date(now - YEAR_MS / 2));
    await ca(
      ...byRoot,
      "-in",
      "leaf.csr",
      "-out",
      "expired.pem",
      "-startdate",
      from,
      "-enddate",
      expiredUntil,
    );
    await ca(
      "-selfsign",
      "-keyfile",
      "leaf.key",
      "-in",
      "leaf.csr",
      "-out",
      "self.pem",
      "-extensions",
      "leaf",
      "-startdate",
      from,
      "-enddate",
      until,
    );
    const read = (name: string) => readFile(path(name), "utf8");
    const root = await read("root.pem");
    return {
      key: createPrivateKey(await readFile(path("leaf.key"))),
      rootCertificatePem: root,
      certificates: {
        paypal: `${await read("leaf.pem")}${root}`,
        "leaf-only": await read("leaf.pem"),
        "self-signed": await read("self.pem"),
        "wrong-subject": await read("wrong.pem"),
        expired: await read("expired.pem"),
      } satisfies Record<CertificateKind, string>,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let made: Promise<Awaited<ReturnType<typeof makeCertificates>>> | null = null;

export async function createWebhookSigner(): Promise<WebhookSigner> {
  made ??= makeCertificates();
  const { key, rootCertificatePem, certificates } = await made.catch((error) => {
    made = null;
    throw error;
  });
  return {
    rootCertificatePem,
    certificates,
    sign: (message) => sign("sha256", Buffer.from(message), key as KeyObject).toString("base64"),
  };
}

export function webhookMessage(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  body: Uint8Array,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;
}
