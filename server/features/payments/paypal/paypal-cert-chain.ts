import { X509Certificate } from "node:crypto";
import { rootCertificates } from "node:tls";

// Whether the certificate a webhook names is PayPal's signing certificate: the PEM at
// PAYPAL-CERT-URL holds the leaf first, then any intermediates; the leaf must chain through
// them to a trusted root (Node's bundled roots, plus any a test configures), every certificate
// on the way must be within its dates, every issuer a CA, and the leaf must carry PayPal's
// message-verification name (the rule of PayPal's own Java SDK, SSLUtil.validateCertificateChain:
// CN=messageverificationcerts.paypal.com live, messageverificationcerts.sandbox.paypal.com in
// the sandbox; the certificate also says O=PayPal, Inc.). A host check alone trusts whatever a
// PayPal-looking URL serves; the chain and the name are what a forger cannot make.

/** The names PayPal signs webhooks under (live and sandbox). */
export const PAYPAL_SIGNING_NAMES = [
  "messageverificationcerts.paypal.com",
  "messageverificationcerts.sandbox.paypal.com",
] as const;

/** A leaf, a few intermediates and perhaps the root: anything longer is not PayPal's. */
const MAX_CERTIFICATES = 6;

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate in a PEM text, in order; throws on a block that does not parse. */
export function parseCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length > MAX_CERTIFICATES) throw new Error("too many certificates");
  return blocks.map((block) => new X509Certificate(block));
}

let systemRoots: X509Certificate[] | undefined;

/** Node's bundled roots (parsed once) and the configured extra ones. */
export function trustAnchors(extraRootsPem: readonly string[] = []): X509Certificate[] {
  systemRoots ??= rootCertificates.map((pem) => new X509Certificate(pem));
  return [...systemRoots, ...extraRootsPem.flatMap(parseCertificates)];
}

const within = (cert: X509Certificate, at: Date) =>
  cert.validFromDate.getTime() <= at.getTime() && at.getTime() <= cert.validToDate.getTime();

const issuedBy = (cert: X509Certificate, issuer: X509Certificate) =>
  cert.checkIssued(issuer) && cert.verify(issuer.publicKey);

/** The common names in a certificate's subject. */
function commonNames(cert: X509Certificate): string[] {
  return cert.subject
    .split("\n")
    .filter((part) => part.startsWith("CN="))
    .map((part) => part.slice(3).toLowerCase());
}

/**
 * Why `chain` (leaf first) is not PayPal's signing certificate at `at`, or null when it is.
 * Intermediates are taken from the chain in any order; each step must verify by signature.
 */
export function untrustedBecause(
  chain: X509Certificate[],
  anchors: X509Certificate[],
  at: Date,
): string | null {
  const [leaf, ...rest] = chain;
  if (!leaf) return "no certificate";
  const names = commonNames(leaf);
  if (!names.some((n) => (PAYPAL_SIGNING_NAMES as readonly string[]).includes(n))) {
    return `certificate subject is not PayPal's (${names.join(", ") || "no CN"})`;
  }
  const anchored = new Set(anchors.map((a) => a.fingerprint256));
  const pool = [...rest];
  let current = leaf;
  for (let depth = 0; depth < MAX_CERTIFICATES; depth++) {
    if (!within(current, at)) return `certificate outside its validity dates: ${current.subject}`;
    if (anchored.has(current.fingerprint256)) return null;
    const root = anchors.find((a) => issuedBy(current, a));
    if (root) return within(root, at) ? null : "trusted root outside its validity dates";
    const next = pool.findIndex((c) => c.ca && issuedBy(current, c));
    if (next < 0) return "certificate does not chain to a trusted root";
    [current] = pool.splice(next, 1) as [X509Certificate];
  }
  return "certificate chain too long";
}
