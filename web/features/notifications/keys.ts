export const notificationKeys = {
  all: ["notifications"] as const,
  /** The bell's dropdown: the newest few and the unread count. */
  latest: ["notifications", "latest"] as const,
  /** The /notifications page, page by page. */
  list: ["notifications", "list"] as const,
  preferences: ["account", "preferences"] as const,
};
