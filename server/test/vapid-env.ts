import { generateVapidKeys } from "../platform/dev-secrets.ts";

/** A VAPID key pair as production takes it from the environment (required there). */
export function vapidEnv() {
  const keys = generateVapidKeys();
  return { VAPID_PUBLIC_KEY: keys.vapidPublicKey, VAPID_PRIVATE_KEY: keys.vapidPrivateKey };
}
