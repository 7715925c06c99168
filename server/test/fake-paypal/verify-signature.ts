import { verify, X509Certificate } from "node:crypto";
import { z } from "zod";
import type { CertificateKind } from "./signing.ts";
import { webhookMessage } from "./signing.ts";

// PayPal's own check of a webhook delivery (Webhooks v1, POST
// /v1/notifications/verify-webhook-signature): the caller sends the transmission headers and
// the event; PayPal answers SUCCESS only for its own certificate and a signature over the
// event's bytes under the given webhook id. The event is re-serialised as PayPal sent it
// (JSON.stringify of what it built), so its CRC matches.

export const VERIFY_SIGNATURE_PATH = "/v1/notifications/verify-webhook-signature";

/** The request, as notifications_webhooks_v1 describes `verify_webhook_signature`. */
const ZVerifyRequest = z.object({
  auth_algo: z
    .string()
    .max(100)
    .regex(/^[a-zA-Z0-9]+$/),
  cert_url: z.url().max(500),
  transmission_id: z.string().max(50),
  transmission_sig: z.string().max(500),
  transmission_time: z.string().max(100),
  webhook_id: z.string().max(50),
  webhook_event: z.record(z.string(), z.unknown()),
});

export function verifySignature(
  body: string,
  context: {
    webhookId: string;
    /** The certificate PEM served at a URL, and which kind it is; PayPal's own are "paypal". */
    certificateAt: (url: string) => { kind: CertificateKind; pem: string } | undefined;
  },
): { status: number; body: unknown } {
  let parsed: z.infer<typeof ZVerifyRequest>;
  try {
    parsed = ZVerifyRequest.parse(JSON.parse(body));
  } catch {
    return {
      status: 400,
      body: { name: "VALIDATION_ERROR", message: "Invalid request - see details", details: [] },
    };
  }
  const failure = { status: 200, body: { verification_status: "FAILURE" } };
  const certificate = context.certificateAt(parsed.cert_url);
  const genuine = certificate?.kind === "paypal" || certificate?.kind === "leaf-only";
  if (!certificate || !genuine || parsed.webhook_id !== context.webhookId) return failure;
  if (parsed.auth_algo !== "SHA256withRSA") return failure;
  const bytes = new TextEncoder().encode(JSON.stringify(parsed.webhook_event));
  const message = webhookMessage(
    parsed.transmission_id,
    parsed.transmission_time,
    parsed.webhook_id,
    bytes,
  );
  const key = new X509Certificate(certificate.pem).publicKey;
  const valid = verify(
    "sha256",
    Buffer.from(message),
    key,
    Buffer.from(parsed.transmission_sig, "base64"),
  );
  return valid ? { status: 200, body: { verification_status: "SUCCESS" } } : failure;
}
