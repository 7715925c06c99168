import { verify, X509Certificate } from "node:crypto";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEvent } from "../paypal-schemas/webhooks.ts";
import { type FakePayPal, startFakePayPal } from "./server.ts";
import { approvedOrder, paypalClient } from "./test-client.ts";

// The fake's webhook deliveries: PayPal's envelope, signed by a certificate that chains to a
// test root and names PayPal, and the spoiled certificates for refusal tests.

let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal({ capabilities: { authCapture: true } });
});
afterAll(() => fake?.close());

async function certificateAt(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new X509Certificate(await res.text());
}

function signatureValid(delivery: ReturnType<FakePayPal["webhook"]>, cert: X509Certificate) {
  const h = delivery.headers;
  const message = `${h.get("paypal-transmission-id")}|${h.get("paypal-transmission-time")}|${fake.webhookId}|${crc32(delivery.body)}`;
  return verify(
    "sha256",
    Buffer.from(message),
    cert.publicKey,
    Buffer.from(h.get("paypal-transmission-sig") ?? "", "base64"),
  );
}

describe("webhook certificates", () => {
  it("serves a PayPal-named leaf that chains to rootCertificatePem, and signs with its key", async () => {
    const root = new X509Certificate(fake.rootCertificatePem);
    const delivery = fake.webhook("PAYMENT.CAPTURE.COMPLETED", { id: "CAP1" });
    expect(delivery.headers.get("paypal-cert-url")).toBe(fake.certUrl);
    const leaf = await certificateAt(fake.certUrl);
    expect(root.ca).toBe(true);
    expect(leaf.checkIssued(root) && leaf.verify(root.publicKey)).toBe(true);
    expect(leaf.subject).toContain("CN=messageverificationcerts.paypal.com");
    expect(leaf.subject).toContain("O=PayPal\\, Inc.");
    expect(signatureValid(delivery, leaf)).toBe(true);
    expect(fake.certificates.paypal).toContain(fake.rootCertificatePem.trim());
  });

  it("can point a delivery at a self-signed, a wrongly named or an expired certificate", async () => {
    const root = new X509Certificate(fake.rootCertificatePem);
    const at = async (kind: "self-signed" | "wrong-subject" | "expired") => {
      const delivery = fake.webhook(
        "PAYMENT.CAPTURE.COMPLETED",
        { id: "CAP1" },
        { certificate: kind },
      );
      const cert = await certificateAt(delivery.headers.get("paypal-cert-url") ?? "");
      // Each certifies the signing key: only the chain, the name or the dates are wrong.
      expect(signatureValid(delivery, cert)).toBe(true);
      return cert;
    };
    const self = await at("self-signed");
    expect(self.verify(root.publicKey)).toBe(false);
    const wrong = await at("wrong-subject");
    expect(wrong.verify(root.publicKey)).toBe(true);
    expect(`${wrong.subject} ${wrong.subjectAltName}`).not.toMatch(/paypal/i);
    const expired = await at("expired");
    expect(expired.validToDate.getTime()).toBeLessThan(Date.now());
  });
});

describe("webhook deliveries", () => {
  it("puts PayPal's events in the outbox as things happen, in the published envelope", async () => {
    const client = paypalClient(fake);
    fake.takeOutbox();
    const orderId = await approvedOrder(client);
    await client.post(`/v2/checkout/orders/${orderId}/authorize`, {});
    const events = fake.takeOutbox();
    expect(events.map((d) => d.event.event_type)).toEqual([
      "CHECKOUT.ORDER.APPROVED",
      "PAYMENT.AUTHORIZATION.CREATED",
      "CHECKOUT.ORDER.COMPLETED",
    ]);
    for (const delivery of events) {
      const parsed = webhookEvent.parse(JSON.parse(new TextDecoder().decode(delivery.body)));
      expect(parsed.resource_version).toBe("2.0");
    }
    const auth = events[1]?.event;
    expect(auth).toMatchObject({
      resource_type: "authorization",
      resource: { supplementary_data: { related_ids: { order_id: orderId } } },
    });
  });

  it("makes a delivery about an object as it is now (webhookFor)", async () => {
    const client = paypalClient(fake);
    const orderId = await approvedOrder(client);
    const delivery = fake.webhookFor("CHECKOUT.ORDER.APPROVED", "order", orderId, {
      eventId: "WH-X",
    });
    expect(delivery.event).toMatchObject({
      id: "WH-X",
      resource_type: "checkout-order",
      resource: { id: orderId, status: "APPROVED" },
    });
  });
});
