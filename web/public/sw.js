// ShutterHail's service worker (docs/push.md): shows pushes as notifications, opens the right
// screen when one is tapped, accepts a hail straight from its notification, and shows the
// offline page for a navigation without a connection. Plain JavaScript served as is from /sw.js
// (scope /): what a push carries is contracts/push.ts's ZPushMessage.

const CACHE = "shutterhail-offline-v1";
const OFFLINE_URL = "/offline.html";
const ICON = "/icons/icon-192.png";
const BADGE = "/icons/maskable-192.png";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, ICON, "/favicon.svg"]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Only page navigations are answered here, and only when the network fails: everything else
// (the API, assets, the event stream) goes to the network untouched.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  event.respondWith(
    fetch(request).catch(async () => (await caches.match(OFFLINE_URL)) ?? Response.error()),
  );
});

/** "1:25 left" until `expiresAt`, or null once it has passed. */
function timeLeft(expiresAt) {
  const seconds = Math.floor((Date.parse(expiresAt) - Date.now()) / 1000);
  if (!(seconds > 0)) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} left`;
}

async function showPush(message) {
  const base = { tag: message.tag, icon: ICON, badge: BADGE, data: message, lang: "en" };
  if (message.kind === "hail_offer") {
    const left = timeLeft(message.expiresAt);
    if (!left) return;
    return self.registration.showNotification(message.title, {
      ...base,
      body: `${message.body} ${left}.`,
      // Shown as "in 1 min" by the system: when the offer closes.
      timestamp: Date.parse(message.expiresAt),
      requireInteraction: true,
      renotify: true,
      vibrate: [200, 100, 200],
      actions: [
        { action: "accept", title: "Accept" },
        { action: "open", title: "See details" },
      ],
    });
  }
  if (message.kind === "hail_closed") {
    // Replaces the offer where it still shows; a dismissed one needs no news of its closing.
    const open = await self.registration.getNotifications({ tag: message.tag });
    if (open.length === 0) return;
    return self.registration.showNotification(message.title, {
      ...base,
      body: message.body,
      silent: true,
      renotify: false,
    });
  }
  return self.registration.showNotification(message.title, {
    ...base,
    body: message.body,
    timestamp: Date.parse(message.sentAt),
    renotify: true,
  });
}

self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data?.json();
  } catch {
    return;
  }
  if (!message || typeof message.kind !== "string" || typeof message.url !== "string") return;
  event.waitUntil(showPush(message));
});

/** Focuses an open tab of the site on `url`, or opens one. */
async function openScreen(url) {
  const target = new URL(url, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
  if (tab) {
    // Focusing needs the tap's user activation; without it (e.g. a slow accept) just navigate.
    const focused = await tab.focus().catch(() => tab);
    // Only a tab this worker controls can be navigated; otherwise a new one opens.
    const navigated = await focused.navigate(target).catch(() => null);
    if (navigated) return navigated;
  }
  return self.clients.openWindow(target);
}

/**
 * Accepts the hail as the tab's Accept button does: the same POST, same-origin, with the
 * person's cookies (a service worker's fetch sends the site's Origin, so the cross-site rule
 * lets it through). The booking opens on success; otherwise the reason shows.
 */
async function acceptHail(message) {
  let response;
  try {
    response = await fetch(`/api/hail-offers/${message.hailId}/accept`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: "{}",
    });
  } catch {
    response = null;
  }
  const body = response ? await response.json().catch(() => null) : null;
  const bookingId = body?.offer?.bookingId;
  if (response?.ok && bookingId) return openScreen(`/bookings/${bookingId}`);
  if (response?.status === 401) return openScreen(`/auth?redirect=${encodeURIComponent(message.url)}`);
  return self.registration.showNotification("Could not accept the hail", {
    tag: message.tag,
    icon: ICON,
    badge: BADGE,
    body: body?.error?.message ?? "No connection. Open ShutterHail to try again.",
    data: { ...message, kind: "hail_closed" },
  });
}

/** A tap on a notification (`action`: the button tapped, "" for the notification itself). */
async function onNotificationClick(notification, action) {
  const message = notification.data;
  notification.close();
  if (!message || typeof message.url !== "string") return;
  if (action === "accept" && message.kind === "hail_offer" && message.hailId) {
    return acceptHail(message);
  }
  return openScreen(message.url);
}

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(onNotificationClick(event.notification, event.action));
});
