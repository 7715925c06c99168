import type { Notification as AppNotification } from "../../../contracts/notifications.ts";

// The browser's own notifications (issue 13): shown only while the tab is hidden and only
// when the person allowed them. Permission is asked only from a click (browsers ignore or
// penalise prompts that were not asked for).

export type BrowserPermission = NotificationPermission | "unsupported";

export function browserPermission(): BrowserPermission {
  return typeof window !== "undefined" && "Notification" in window
    ? window.Notification.permission
    : "unsupported";
}

export async function askBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === "unsupported") return "unsupported";
  return window.Notification.requestPermission();
}

// Every tab subscriber sees the same event: show each change once.
const shown = new Set<string>();

/** Shows `notification` as a browser notification when the tab is hidden and it is allowed. */
export function showBrowserNotification(
  notification: AppNotification,
  open: (link: string) => void,
) {
  if (notification.read || document.visibilityState !== "hidden") return;
  if (browserPermission() !== "granted") return;
  const key = `${notification.id}@${notification.updatedAt}`;
  if (shown.has(key)) return;
  shown.add(key);
  // The tag replaces an earlier browser notification of the same (grouped) notification.
  const shownNotification = new window.Notification(notification.title, {
    body: notification.body,
    tag: notification.id,
  });
  shownNotification.onclick = () => {
    window.focus();
    open(notification.link);
    shownNotification.close();
  };
}
