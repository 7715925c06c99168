import { randomUUID } from "node:crypto";
import { type WebhookSigner, webhookMessage } from "./signing.ts";
import { paypalId } from "./state.ts";

// Builds webhook deliveries signed like PayPal's, optionally spoiled for the refusal tests.

export type WebhookOptions = {
  eventId?: string;
  /** Defaults to the fake's webhook id; another one makes the signature fail for the receiver. */
  webhookId?: string;
  /** Defaults to the fake's own /certs/test.pem. */
  certUrl?: string;
  authAlgo?: string;
  /** Change the body after signing (the CRC no longer matches). */
  tamperBody?: boolean;
  /** Corrupt the signature bytes. */
  tamperSignature?: boolean;
  /** Header names to leave out, e.g. ["paypal-transmission-sig"]. */
  omitHeaders?: string[];
};

export type WebhookDelivery = {
  event: { id: string; event_type: string; resource: unknown };
  headers: Headers;
  body: Uint8Array;
};

function resourceType(eventType: string): string {
  if (eventType.startsWith("CHECKOUT.ORDER.")) return "checkout-order";
  if (eventType.startsWith("PAYMENT.AUTHORIZATION.")) return "authorization";
  if (eventType === "PAYMENT.CAPTURE.REFUNDED") return "refund";
  return "capture";
}

export function buildWebhook(
  signer: WebhookSigner,
  defaults: { webhookId: string; certUrl: string; now: Date },
  eventType: string,
  resource: unknown,
  options: WebhookOptions = {},
): WebhookDelivery {
  const event = {
    id: options.eventId ?? `WH-${paypalId()}`,
    event_version: "1.0",
    create_time: defaults.now.toISOString(),
    resource_type: resourceType(eventType),
    resource_version: "2.0",
    event_type: eventType,
    summary: `Fake PayPal event ${eventType}`,
    resource,
  };
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
    "paypal-cert-url": options.certUrl ?? defaults.certUrl,
    "paypal-auth-algo": options.authAlgo ?? "SHA256withRSA",
  });
  for (const name of options.omitHeaders ?? []) headers.delete(name);
  return { event, headers, body };
}
