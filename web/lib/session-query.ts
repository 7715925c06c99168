export const SESSION_QUERY_KEY = ["auth", "session"] as const;
