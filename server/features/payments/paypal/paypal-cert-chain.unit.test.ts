import type { X509Certificate } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CertificateWorkshop,
  certificateWorkshop,
  type TestCertificate,
} from "../../../test/certificates.ts";
import { parseCertificates, trustAnchors, untrustedBecause } from "./paypal-cert-chain.ts";

// PayPal's webhook certificate must chain to a trusted root through CA certificates, every one
// within its dates, and carry PayPal's message-verification name. Certificates made by openssl.

const DAY = 86_400_000;
const PAYPAL =
  "/C=US/ST=California/L=San Jose/O=PayPal, Inc./CN=messageverificationcerts.paypal.com";
const PAYPAL_SANDBOX = "/O=PayPal, Inc./CN=messageverificationcerts.sandbox.paypal.com";

let workshop: CertificateWorkshop;
const c: Record<string, TestCertificate> = {};

beforeAll(async () => {
  workshop = await certificateWorkshop();
  const make = workshop.make;
  c.root = await make({ subject: "/O=Test Trust/CN=Test Root CA", ca: true, days: 3650 });
  c.intermediate = await make({ subject: "/CN=Test Issuing CA", ca: true, issuer: c.root });
  c.leaf = await make({ subject: PAYPAL, issuer: c.intermediate });
  c.sandboxLeaf = await make({ subject: PAYPAL_SANDBOX, issuer: c.root });
  c.selfSigned = await make({ subject: PAYPAL });
  c.selfSignedCa = await make({ subject: PAYPAL, ca: true });
  c.otherRoot = await make({ subject: "/CN=Forger Root CA", ca: true, days: 3650 });
  c.forged = await make({ subject: PAYPAL, issuer: c.otherRoot });
  c.misnamed = await make({
    subject: "/O=PayPal, Inc./CN=api.example.com",
    issuer: c.intermediate,
  });
  c.lookalike = await make({
    subject: "/CN=messageverificationcerts.paypal.com.evil.example",
    issuer: c.intermediate,
  });
  c.shortIntermediate = await make({ subject: "/CN=Short CA", ca: true, issuer: c.root, days: 1 });
  c.underShort = await make({ subject: PAYPAL, issuer: c.shortIntermediate });
  // An end-entity certificate (CA:FALSE) used as if it were an issuer.
  c.notCa = await make({ subject: "/CN=shop.example", issuer: c.intermediate });
  c.underNotCa = await make({ subject: PAYPAL, issuer: c.notCa });
}, 60_000);
afterAll(() => workshop?.close());

const pem = (...parts: TestCertificate[]) => parts.map((p) => p.pem).join("\n");
const chain = (...parts: TestCertificate[]) => parseCertificates(pem(...parts));
const anchors = () => trustAnchors([c.root!.pem]);
const check = (certs: X509Certificate[], at = new Date()) => untrustedBecause(certs, anchors(), at);

describe("PayPal's webhook certificate chain", () => {
  it("is trusted from the leaf through its intermediates to a trusted root", () => {
    expect(check(chain(c.leaf!, c.intermediate!))).toBeNull();
    // The root sent along too, intermediates in any order, or the leaf issued by the root.
    expect(check(chain(c.leaf!, c.intermediate!, c.root!))).toBeNull();
    expect(check(chain(c.leaf!, c.root!, c.intermediate!))).toBeNull();
    expect(check(chain(c.sandboxLeaf!))).toBeNull();
  });

  it("trusts Node's bundled roots by default, and a test root only when configured", () => {
    expect(trustAnchors().length).toBeGreaterThan(50);
    expect(untrustedBecause(chain(c.leaf!, c.intermediate!), trustAnchors(), new Date())).toMatch(
      /does not chain to a trusted root/,
    );
  });

  it("refuses a self-signed certificate in PayPal's name, CA or not", () => {
    expect(check(chain(c.selfSigned!))).toMatch(/does not chain to a trusted root/);
    expect(check(chain(c.selfSignedCa!, c.selfSignedCa!))).toMatch(/does not chain/);
  });

  it("refuses a certificate from a root nobody trusts, even with that root sent along", () => {
    expect(check(chain(c.forged!))).toMatch(/does not chain/);
    expect(check(chain(c.forged!, c.otherRoot!))).toMatch(/does not chain/);
  });

  it("refuses a chain missing its intermediate, or passing through a certificate that is no CA", () => {
    expect(check(chain(c.leaf!))).toMatch(/does not chain/);
    expect(check(chain(c.underNotCa!, c.notCa!, c.intermediate!))).toMatch(/does not chain/);
  });

  it("refuses a certificate of another name, however close", () => {
    expect(check(chain(c.misnamed!, c.intermediate!))).toMatch(
      /subject is not PayPal's \(api\.example\.com\)/,
    );
    expect(check(chain(c.lookalike!, c.intermediate!))).toMatch(/subject is not PayPal's/);
  });

  it("refuses any certificate of the chain outside its dates", () => {
    const now = Date.now();
    expect(check(chain(c.leaf!, c.intermediate!), new Date(now + 31 * DAY))).toMatch(
      /outside its validity dates: .*messageverificationcerts/s,
    );
    expect(check(chain(c.leaf!, c.intermediate!), new Date(now - DAY))).toMatch(/validity dates/);
    // The leaf is still valid; the intermediate that issued it expired after a day.
    expect(check(chain(c.underShort!, c.shortIntermediate!), new Date(now + 2 * DAY))).toMatch(
      /outside its validity dates: CN=Short CA/,
    );
    expect(check(chain(c.underShort!, c.shortIntermediate!))).toBeNull();
  });

  it("refuses an empty or oversized PEM, and throws on one that does not parse", () => {
    expect(check(parseCertificates("no certificate here"))).toBe("no certificate");
    expect(() => parseCertificates(pem(...Array(7).fill(c.leaf!)))).toThrow(/too many/);
    expect(() =>
      parseCertificates("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"),
    ).toThrow();
  });
});
