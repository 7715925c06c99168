import { randomUUID } from "node:crypto";
import { webhookEvent } from "../paypal-schemas/webhooks.ts";
import { paypalId } from "./model.ts";
import { type CertificateKind, type WebhookSigner, webhookMessage } from "./signing.ts";

// Builds webhook deliveries signed like PayPal's (headers PAYPAL-TRANSMISSION-ID / -TIME / -SIG,
// PAYPAL-CERT-URL, PAYPAL-AUTH-ALGO; body the event envelope of notifications_webhooks_v1's
// `event`), optionally spoiled for the refusal tests. Every envelope is checked against the
// schema: one that fails is a bug in the fake and throws.

export type WebhookOptions = {
  eventId?: string;
  /** Defaults to the fake's webhook id; another one makes the signature fail for the receiver. */
  webhookId?: string;
  /**
   * The certificate the delivery points at (all certify the signing key): "paypal" (default,
   * chains to rootCertificatePem, names PayPal), "self-signed", "wrong-subject" (chains to the
   * root, names someone else), "expired".
   */
  certificate?: CertificateKind;
  /** Overrides the cert URL outright (e.g. a host that is not PayPal's). */
  certUrl?: string;
  authAlgo?: string;
  /** Change the body after signing (the CRC no longer matches). */
  tamperBody?: boolean;
  /** Corrupt the signature bytes. */
  tamperSignature?: boolean;
  /** Header names to leave out, e.g. ["paypal-transmission-sig"]. */
  omitHeaders?: string[];
};

export type WebhookEvent = {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: unknown;
  links: { href: string; rel: string; method: "GET" | "POST" }[];
};

export type WebhookDelivery = { event: WebhookEvent; headers: Headers; body: Uint8Array };

/** resource_type as PayPal names it per event family. */
export function resourceType(eventType: string): string {
  if (eventType.startsWith("CHECKOUT.ORDER.")) return "checkout-order";
  if (eventType.startsWith("PAYMENT.AUTHORIZATION.")) return "authorization";
  if (eventType === "PAYMENT.CAPTURE.REFUNDED" || eventType === "PAYMENT.CAPTURE.REVERSED") {
    return "refund";
  }
  if (eventType.startsWith("PAYMENT.PAYOUTS-ITEM.")) return "payouts_item";
  return "capture";
}

const SUMMARIES: Record<string, string> = {
  "CHECKOUT.ORDER.APPROVED": "An order has been approved by buyer",
  "CHECKOUT.ORDER.COMPLETED": "Checkout Order Completed",
  "PAYMENT.AUTHORIZATION.CREATED": "Payment authorization created",
  "PAYMENT.AUTHORIZATION.VOIDED": "Payment authorization voided",
  "PAYMENT.CAPTURE.COMPLETED": "Payment completed",
  "PAYMENT.CAPTURE.PENDING": "Payment pending",
  "PAYMENT.CAPTURE.DECLINED": "Payment declined",
  "PAYMENT.CAPTURE.DENIED": "Payment denied",
  "PAYMENT.CAPTURE.REFUNDED": "Payment refunded",
  "PAYMENT.CAPTURE.REVERSED": "Payment reversed",
};

export function buildWebhook(
  signer: WebhookSigner,
  defaults: {
    webhookId: string;
    certUrl: (kind: CertificateKind) => string;
    now: Date;
    base: string;
  },
  eventType: string,
  resource: unknown,
  options: WebhookOptions = {},
): WebhookDelivery {
  const id = options.eventId ?? `WH-${paypalId()}`;
  const event: WebhookEvent = {
    id,
    event_version: "1.0",
    create_time: defaults.now.toISOString(),
    resource_type: resourceType(eventType),
    resource_version: eventType.startsWith("PAYMENT.PAYOUTS") ? "1.0" : "2.0",
    event_type: eventType,
    summary: SUMMARIES[eventType] ?? `Event ${eventType}`,
    resource,
    links: [
      {
        href: `${defaults.base}/v1/notifications/webhooks-events/${id}`,
        rel: "self",
        method: "GET",
      },
      {
        href: `${defaults.base}/v1/notifications/webhooks-events/${id}/resend`,
        rel: "resend",
        method: "POST",
      },
    ],
  };
  const checked = webhookEvent.safeParse(event);
  if (!checked.success)
    throw new Error(`fake PayPal bug: webhook envelope ${checked.error.message}`);
  const signedBody = new TextEncoder().encode(JSON.stringify(event));
  const transmissionId = randomUUID();
  const transmissionTime = defaults.now.toISOString();
  const message = webhookMessage(
    transmissionId,
    transmissionTime,
    options.webhookId ?? defaults.webhookId,
    signedBody,
  );
  let signature = signer.sign(message);
  if (options.tamperSignature) {
    const bytes = Buffer.from(signature, "base64");
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    signature = bytes.toString("base64");
  }
  const body = options.tamperBody
    ? new TextEncoder().encode(JSON.stringify({ ...event, summary: `${event.summary} (altered)` }))
    : signedBody;
  const headers = new Headers({
    "content-type": "application/json",
    "paypal-transmission-id": transmissionId,
    "paypal-transmission-time": transmissionTime,
    "paypal-transmission-sig": signature,
    "paypal-cert-url": options.certUrl ?? defaults.certUrl(options.certificate ?? "paypal"),
    "paypal-auth-algo": options.authAlgo ?? "SHA256withRSA",
  });
  for (const name of options.omitHeaders ?? []) headers.delete(name);
  return { event, headers, body };
}
