/** The one-click unsubscribe endpoint under /api (RFC 8058's List-Unsubscribe target). */
export const UNSUBSCRIBE_API_PATH = "/mail/unsubscribe";
