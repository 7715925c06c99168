import { verify, type X509Certificate } from "node:crypto";
import { crc32 } from "node:zlib";
import type { PayPalConfig } from "../../../config.ts";
import type { Logger } from "../../../platform/logger.ts";
import type { WebhookEvent } from "../provider.ts";
import { parseCertificates, trustAnchors, untrustedBecause } from "./paypal-cert-chain.ts";
import type { PayPalHttp } from "./paypal-http.ts";
import { decimalToCents } from "./paypal-money.ts";

// PayPal's self-verification of a webhook delivery, without a call to PayPal per event:
//   message   = transmission id | transmission time | our webhook id | CRC32 of the raw body bytes
//   signature = base64 PAYPAL-TRANSMISSION-SIG over message, SHA256withRSA, by the certificate
//               at PAYPAL-CERT-URL.
// The certificate is downloaded only over https from a *.paypal.com host, or from exactly the
// origin of config.apiBase: that second rule lets the fake PayPal on loopback serve its test
// certificate, and adds nothing in production (the API bases are *.paypal.com already). Trust
// in the certificate comes from its chain, not its host: it must chain to a trusted root and
// name PayPal (paypal-cert-chain.ts), checked at each delivery; downloads are cached per URL.
// The CRC runs over the bytes as received (saleor's ran over JS string characters, cal.com's
// over re-serialised JSON): never parse before verifying.

const ALGORITHMS: Record<string, string> = { SHA256withRSA: "sha256" };
const CERT_CACHE_LIMIT = 20;
/** A leaf and its intermediates are a few KB. */
const CERT_MAX_BYTES = 64 * 1024;

type Options = {
  config: PayPalConfig;
  log: Logger;
  fetch: typeof fetch;
  now: () => Date;
  /** PayPal's API, to ask it about a delivery whose certificate chain we cannot complete. */
  http?: PayPalHttp;
};

/** The one chain failure PayPal's own check can settle: intermediates we were not sent. */
const INCOMPLETE_CHAIN = "certificate does not chain to a trusted root";

export function createWebhookVerifier(options: Options) {
  const { config, log } = options;
  const apiOrigin = new URL(config.apiBase).origin;
  const anchors = trustAnchors(config.webhookTrustedRootsPem);
  const certificates = new Map<string, Promise<X509Certificate[]>>();

  function certUrlAllowed(raw: string): boolean {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    if (url.origin === apiOrigin) return true;
    return url.protocol === "https:" && url.hostname.endsWith(".paypal.com") && !url.username;
  }

  async function download(url: string): Promise<X509Certificate[]> {
    const res = await options.fetch(url, {
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`certificate download: ${res.status}`);
    if (Number(res.headers.get("content-length")) > CERT_MAX_BYTES) {
      throw new Error("certificate download: too large");
    }
    const pem = await res.text();
    if (pem.length > CERT_MAX_BYTES) throw new Error("certificate download: too large");
    return parseCertificates(pem);
  }

  function certificateChain(url: string): Promise<X509Certificate[]> {
    let cached = certificates.get(url);
    if (!cached) {
      if (certificates.size >= CERT_CACHE_LIMIT) certificates.clear();
      cached = download(url);
      // A failed download is not remembered: the next delivery tries again.
      cached.catch(() => certificates.delete(url));
      certificates.set(url, cached);
    }
    return cached;
  }

  return async function verifyWebhook(
    headers: Headers,
    rawBody: Uint8Array,
  ): Promise<WebhookEvent | null> {
    const refuse = (why: string) => {
      log.warn({ why, transmissionId: headers.get("paypal-transmission-id") }, "webhook refused");
      return null;
    };
    if (!config.webhookId) return refuse("PAYPAL_WEBHOOK_ID is not configured");
    const transmissionId = headers.get("paypal-transmission-id");
    const transmissionTime = headers.get("paypal-transmission-time");
    const signature = headers.get("paypal-transmission-sig");
    const certUrl = headers.get("paypal-cert-url");
    const algorithm = ALGORITHMS[headers.get("paypal-auth-algo") ?? ""];
    if (!transmissionId || !transmissionTime || !signature || !certUrl) {
      return refuse("missing PayPal-Transmission headers");
    }
    if (!algorithm) return refuse("unsupported PAYPAL-AUTH-ALGO");
    if (!certUrlAllowed(certUrl)) return refuse(`certificate host not allowed: ${certUrl}`);
    try {
      const chain = await certificateChain(certUrl);
      const untrusted = untrustedBecause(chain, anchors, options.now());
      if (untrusted && untrusted !== INCOMPLETE_CHAIN) return refuse(untrusted);
      const cert = chain[0]!;
      const message = `${transmissionId}|${transmissionTime}|${config.webhookId}|${crc32(rawBody)}`;
      const valid = verify(
        algorithm,
        Buffer.from(message),
        cert.publicKey,
        Buffer.from(signature, "base64"),
      );
      if (!valid) return refuse("signature does not verify");
      const text = new TextDecoder().decode(rawBody);
      // PayPal may send its certificate without the intermediates up to a root we trust (its own
      // SDK bundles one): the signature is right, so PayPal itself is asked whether it is its own.
      if (untrusted) {
        const confirmed = await confirmedByPayPal(options.http, {
          auth_algo: headers.get("paypal-auth-algo") ?? "",
          cert_url: certUrl,
          transmission_id: transmissionId,
          transmission_sig: signature,
          transmission_time: transmissionTime,
          webhook_id: config.webhookId,
          webhook_event: JSON.parse(text),
        });
        if (!confirmed) return refuse(`${untrusted}, and PayPal did not confirm it`);
      }
      return eventFrom(text) ?? refuse("not a webhook event");
    } catch (error) {
      log.warn({ err: error }, "webhook verification failed");
      return null;
    }
  };
}

/** POST /v1/notifications/verify-webhook-signature: PayPal's own answer about a delivery. */
async function confirmedByPayPal(http: PayPalHttp | undefined, request: object) {
  if (!http) return false;
  const answer = (await http.post(
    "/v1/notifications/verify-webhook-signature",
    request,
    undefined,
  )) as { verification_status?: string } | null;
  return answer?.verification_status === "SUCCESS";
}

type RawEvent = {
  id?: unknown;
  event_type?: unknown;
  resource?: {
    id?: unknown;
    /** A payout item's resource has no `id`: it names itself by payout_item_id. */
    payout_item_id?: unknown;
    amount?: { value?: unknown };
    links?: { rel?: unknown; href?: unknown }[];
    supplementary_data?: { related_ids?: { order_id?: unknown; capture_id?: unknown } };
  };
};

/** A refund names its capture by its "up" link (…/v2/payments/captures/{id}). */
function upCapture(resource: RawEvent["resource"]): string | null {
  const related = resource?.supplementary_data?.related_ids?.capture_id;
  if (typeof related === "string") return related;
  const up = resource?.links?.find((l) => l.rel === "up" && typeof l.href === "string");
  return /\/captures\/([^/?#]+)/.exec(String(up?.href ?? ""))?.[1] ?? null;
}

function amountOf(resource: RawEvent["resource"]): number | null {
  const value = resource?.amount?.value;
  if (typeof value !== "string") return null;
  try {
    return decimalToCents(value);
  } catch {
    return null;
  }
}

function eventFrom(text: string): WebhookEvent | null {
  const event = JSON.parse(text) as RawEvent;
  if (typeof event?.id !== "string" || typeof event.event_type !== "string") return null;
  const ownId = event.resource?.id ?? event.resource?.payout_item_id;
  const resourceId = typeof ownId === "string" ? ownId : null;
  const relatedOrder = event.resource?.supplementary_data?.related_ids?.order_id;
  const orderId =
    typeof relatedOrder === "string"
      ? relatedOrder
      : event.event_type.startsWith("CHECKOUT.ORDER.")
        ? resourceId
        : null;
  return {
    id: event.id,
    type: event.event_type,
    resourceId,
    orderId,
    captureId: upCapture(event.resource),
    amountCents: amountOf(event.resource),
  };
}
