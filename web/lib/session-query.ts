export const SESSION_QUERY_KEY = ["auth", "session"] as const;

/** First element of the key of a cached answer that is the same for everyone: kept when the
 * signed-in user changes (every other cached answer is dropped). */
export const PUBLIC_QUERY_SCOPE = "public";
