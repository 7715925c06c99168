export const notificationKeys = {
  all: ["notifications"] as const,
  /** The bell's dropdown: the newest few and the unread count. */
  latest: ["notifications", "latest"] as const,
  /** The /notifications page, page by page. */
  list: ["notifications", "list"] as const,
  preferences: ["account", "preferences"] as const,
  /** The person's devices that get push notifications (and this device's subscription). */
  push: ["account", "push-devices"] as const,
};
