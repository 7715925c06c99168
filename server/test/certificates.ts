import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

// Certificates made by openssl for tests: roots, intermediates and leaves, each with its key,
// so a test can build any chain (trusted, self-signed, from an unknown root, expired, misnamed).

const run = promisify(execFile);

export type TestCertificate = {
  /** The certificate alone, PEM. */
  pem: string;
  /** Its private key, PEM (PKCS#8). */
  keyPem: string;
  certPath: string;
  keyPath: string;
};

export type CertificateOptions = {
  /** openssl's -subj, e.g. "/O=PayPal, Inc./CN=messageverificationcerts.paypal.com". */
  subject: string;
  /** Signed by this CA; self-signed when omitted. */
  issuer?: TestCertificate;
  /** Whether it may issue certificates (basicConstraints CA:TRUE). */
  ca?: boolean;
  /** Valid from now for this many days (default 30). */
  days?: number;
  /** subjectAltName entries, e.g. ["DNS:calendar.test", "IP:127.0.0.1"] (a server's names). */
  altNames?: string[];
};

export type CertificateWorkshop = {
  make(options: CertificateOptions): Promise<TestCertificate>;
  /** Removes the scratch folder with every key in it. */
  close(): Promise<void>;
};

export async function certificateWorkshop(): Promise<CertificateWorkshop> {
  const dir = await mkdtemp(join(tmpdir(), "test-certs-"));
  let count = 0;
  return {
    async make({ subject, issuer, ca = false, days = 30, altNames }) {
      const name = join(dir, `cert-${++count}`);
      const [keyPath, certPath, csrPath, extPath] = ["key", "crt", "csr", "ext"].map(
        (ext) => `${name}.${ext}`,
      ) as [string, string, string, string];
      const extensions = ca
        ? "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n"
        : "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n";
      const names = altNames?.length ? `subjectAltName=${altNames.join(",")}\n` : "";
      await writeFile(extPath, extensions + names);
      await run("openssl", [
        ...["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", keyPath],
        ...["-subj", subject, "-out", csrPath],
      ]);
      const signer = issuer
        ? ["-CA", issuer.certPath, "-CAkey", issuer.keyPath]
        : ["-signkey", keyPath];
      await run("openssl", [
        ...["x509", "-req", "-in", csrPath, ...signer, "-days", String(days), "-sha256"],
        ...["-set_serial", `0x${randomBytes(8).toString("hex")}`, "-extfile", extPath],
        ...["-out", certPath],
      ]);
      return {
        pem: await readFile(certPath, "utf8"),
        keyPem: await readFile(keyPath, "utf8"),
        certPath,
        keyPath,
      };
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
