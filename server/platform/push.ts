import https from "node:https";
import { rootCertificates } from "node:tls";
import webpush, { WebPushError } from "web-push";
import type { PushConfig } from "../config.ts";

// Web Push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption of RFC 8291,
// done by the web-push package: this module only decides where a push may go and what a push
// service's answer means. No business here: the notifications domain says what to send.

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOptions = {
  /** Seconds the push service keeps it for an unreachable device; 0: now or never. */
  ttlSeconds: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** A newer push with the same topic replaces one still waiting at the push service. */
  topic?: string;
};

/** `gone`: the push service no longer knows the device (404/410): forget the subscription. */
export type PushOutcome = "sent" | "gone";

const TIMEOUT_MS = 10_000;

/** Whether `endpoint` is an https URL on one of the configured push services' hosts. */
export function isPushServiceEndpoint(config: PushConfig, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return config.serviceHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

const agents = new WeakMap<PushConfig, https.Agent>();

function agentFor(config: PushConfig): https.Agent | undefined {
  if (!config.trustedRootsPem?.length) return undefined;
  let agent = agents.get(config);
  if (!agent) {
    agent = new https.Agent({ ca: [...rootCertificates, ...config.trustedRootsPem] });
    agents.set(config, agent);
  }
  return agent;
}

/**
 * Encrypts `payload` to the subscription's keys and posts it to its push service, signed with
 * our VAPID key. Answers `gone` for 404/410; throws on anything else that is not 2xx (the job
 * retries), and for an endpoint outside the push services (never posted to).
 */
export async function sendPush(
  config: PushConfig,
  target: PushTarget,
  payload: object,
  options: PushOptions,
): Promise<PushOutcome> {
  if (!isPushServiceEndpoint(config, target.endpoint)) {
    throw new Error("Refusing to push to an endpoint outside the push services");
  }
  const agent = agentFor(config);
  try {
    await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: config.vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency ?? "normal",
        ...(options.topic ? { topic: options.topic } : {}),
        contentEncoding: "aes128gcm",
        timeout: TIMEOUT_MS,
        ...(agent ? { agent } : {}),
      },
    );
    return "sent";
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      return "gone";
    }
    throw error;
  }
}
