import { z } from "zod";
import { idParam } from "./common.ts";

// Web Push (issue 25, docs/push.md): a person's devices, and what a push carries to the
// service worker (web/public/sw.js). A push carries the least it can: its kind, the ids of
// the screen it opens, and a short generic title and body — no address, no message text, no
// name. The device fetches anything more from the API once opened, signed in.

export const pushSubscriptionsApiPath = "/push/subscriptions";
export const pushKeyApiPath = "/push/key";

export const PUSH_KINDS = [
  "hail_offer",
  "hail_closed",
  "booking_requested",
  "booking_accepted",
  "booking_declined",
  "message",
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What the service worker receives, decrypted (JSON). */
export const ZPushMessage = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string().max(60),
  body: z.string().max(120),
  /** The in-app screen a tap opens (a path on this site). */
  url: z.string().startsWith("/"),
  /** Notifications with one tag replace each other on the device (a hail's offer → closed). */
  tag: z.string(),
  /** When the server sent it (ISO): with expiresAt, the device shows the time left. */
  sentAt: z.iso.datetime(),
  hailId: z.uuid().optional(),
  /** A hail offer: when it closes. The device drops the notification after it. */
  expiresAt: z.iso.datetime().optional(),
});
export type PushMessage = z.infer<typeof ZPushMessage>;

/** Short, generic texts: a lock screen shows them to anyone holding the phone. */
export const PUSH_TEXTS = {
  hail_offer: {
    title: "New hail nearby",
    body: "A client wants a photographer now. Tap to see it.",
  },
  hail_closed: { title: "Hail closed", body: "This hail was taken or has ended." },
  booking_requested: { title: "New booking request", body: "Tap to review the request." },
  booking_accepted: { title: "Booking accepted", body: "Tap to see your booking." },
  booking_declined: { title: "Booking declined", body: "Tap to see the details." },
  message: { title: "New message", body: "Tap to read it." },
} as const satisfies Record<PushKind, { title: string; body: string }>;

export const PUSH_ENDPOINT_REFUSED =
  "This browser's push service is not one we deliver to. Try another browser.";
export const PUSH_SUBSCRIPTION_NOT_FOUND = "Device not found";

/** PushSubscription.toJSON() as the browser gives it, plus a name for the device. */
export const ZPushSubscribeRequest = z.object({
  endpoint: z.url({ protocol: /^https$/, message: "endpoint must be an https URL" }).max(1000),
  keys: z.object({
    /** The device's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, "keys.p256dh must be a base64url P-256 public key"),
    /** The 16-byte authentication secret, base64url. */
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, "keys.auth must be a base64url 16-byte secret"),
  }),
  device: z.string().trim().max(80).default(""),
});
export type PushSubscribeRequest = z.input<typeof ZPushSubscribeRequest>;

export const ZPushDevice = z.object({
  id: z.uuid(),
  device: z.string(),
  /** Lets a device recognise itself in the list ("This device"). */
  endpoint: z.string(),
  createdAt: z.iso.datetime(),
  lastSentAt: z.iso.datetime().nullable(),
});
export type PushDevice = z.infer<typeof ZPushDevice>;

export const ZPushDevicesResponse = z.object({ devices: z.array(ZPushDevice) });
export type PushDevicesResponse = z.infer<typeof ZPushDevicesResponse>;

export const ZPushDeviceResponse = z.object({ device: ZPushDevice });

/** The VAPID public key a browser subscribes with (applicationServerKey). */
export const ZPushKeyResponse = z.object({ publicKey: z.string() });
export const ZPushDeviceIdParam = idParam(PUSH_SUBSCRIPTION_NOT_FOUND);

export const PUSH_SETTINGS = {
  title: "Push notifications",
  description:
    "Hails, booking requests, answers to your requests and new messages reach this device even with ShutterHail closed.",
  enable: "Turn on for this device",
  disable: "Turn off for this device",
  enabled: "On for this device",
  unsupported: "This browser cannot receive push notifications.",
  denied: "Notifications are blocked for this site in your browser settings.",
  devices: "Your devices",
  noDevices: "No device gets push notifications yet.",
  thisDevice: "This device",
  remove: "Remove",
} as const;
