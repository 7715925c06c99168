import { createPrivateKey, sign } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayPalConfig } from "../../../config.ts";
import { createLogger } from "../../../platform/logger.ts";
import {
  type CertificateWorkshop,
  certificateWorkshop,
  type TestCertificate,
} from "../../../test/certificates.ts";
import { createWebhookVerifier } from "./paypal-webhooks.ts";

// A webhook is believed only when the certificate at PAYPAL-CERT-URL chains to a trusted root
// and names PayPal: a certificate a forger can make (self-signed, from their own root, or in
// another name) is refused even from an allowed host. Deliveries signed here, with
// certificates made by openssl and served from the configured API origin.

const PAYPAL = "/O=PayPal, Inc./CN=messageverificationcerts.paypal.com";
const WEBHOOK_ID = "WH-TRUST-1";
const DAY = 86_400_000;

let workshop: CertificateWorkshop;
let server: Server;
let apiBase: string;
let clock = new Date();
/** What the server answers at /certs/{name}.pem, and the key that signs with it. */
const served = new Map<string, { pem: string; signer: TestCertificate }>();

beforeAll(async () => {
  workshop = await certificateWorkshop();
  const make = workshop.make;
  const root = await make({ subject: "/CN=Test Root CA", ca: true, days: 3650 });
  const intermediate = await make({ subject: "/CN=Test Issuing CA", ca: true, issuer: root });
  const leaf = await make({ subject: PAYPAL, issuer: intermediate });
  const forgerRoot = await make({ subject: "/CN=Forger Root CA", ca: true, days: 3650 });
  const forged = await make({ subject: PAYPAL, issuer: forgerRoot });
  const selfSigned = await make({ subject: PAYPAL });
  const misnamed = await make({ subject: "/O=Example/CN=hooks.example.com", issuer: intermediate });
  served.set("root", { pem: root.pem, signer: root });
  served.set("paypal", { pem: leaf.pem + intermediate.pem, signer: leaf });
  served.set("forged", { pem: forged.pem + forgerRoot.pem, signer: forged });
  served.set("self-signed", { pem: selfSigned.pem, signer: selfSigned });
  served.set("misnamed", { pem: misnamed.pem + intermediate.pem, signer: misnamed });
  server = createServer((req, res) => {
    const name = /^\/certs\/([\w-]+)\.pem$/.exec(req.url ?? "")?.[1];
    const entry = name ? served.get(name) : undefined;
    if (!entry) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/plain" }).end(entry.pem);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await workshop?.close();
});

function verifier(config: Partial<PayPalConfig> = {}) {
  return createWebhookVerifier({
    config: {
      clientId: "id",
      clientSecret: "secret",
      apiBase,
      webhookId: WEBHOOK_ID,
      holds: true,
      webhookTrustedRootsPem: [served.get("root")!.pem],
      ...config,
    },
    log: createLogger("silent"),
    fetch,
    now: () => clock,
  });
}

/** A delivery signed, as PayPal signs, with the key of the certificate served as `cert`. */
function delivery(cert: string) {
  const body = new TextEncoder().encode(
    JSON.stringify({ id: `WH-${cert}`, event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} }),
  );
  const transmissionId = crypto.randomUUID();
  const time = clock.toISOString();
  const message = `${transmissionId}|${time}|${WEBHOOK_ID}|${crc32(body)}`;
  const key = createPrivateKey(served.get(cert)!.signer.keyPem);
  const headers = new Headers({
    "paypal-transmission-id": transmissionId,
    "paypal-transmission-time": time,
    "paypal-transmission-sig": sign("sha256", Buffer.from(message), key).toString("base64"),
    "paypal-cert-url": `${apiBase}/certs/${cert}.pem`,
    "paypal-auth-algo": "SHA256withRSA",
  });
  return [headers, body] as const;
}

describe("PayPal webhook certificates", () => {
  it("are believed when they chain to a trusted root and name PayPal", async () => {
    clock = new Date();
    expect(await verifier()(...delivery("paypal"))).toMatchObject({ id: "WH-paypal" });
  });

  it("are refused when self-signed in PayPal's name, though served from an allowed host", async () => {
    clock = new Date();
    expect(await verifier()(...delivery("self-signed"))).toBeNull();
  });

  it("are refused when issued by a root nobody trusts, even sent with that root", async () => {
    clock = new Date();
    expect(await verifier()(...delivery("forged"))).toBeNull();
  });

  it("are refused when they name anyone but PayPal", async () => {
    clock = new Date();
    expect(await verifier()(...delivery("misnamed"))).toBeNull();
  });

  it("are refused once expired, though downloaded and cached while valid", async () => {
    clock = new Date();
    const verify = verifier();
    expect(await verify(...delivery("paypal"))).not.toBeNull();
    clock = new Date(Date.now() + 31 * DAY);
    expect(await verify(...delivery("paypal"))).toBeNull();
  });

  it("are refused when only Node's bundled roots are trusted (the test root is not one)", async () => {
    clock = new Date();
    expect(await verifier({ webhookTrustedRootsPem: [] })(...delivery("paypal"))).toBeNull();
  });
});
