import { inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { queryClient } from "./query-client.ts";
import { SESSION_QUERY_KEY } from "./session-query.ts";

// Loaded on demand by auth-client.ts (never import this file from a screen): it carries
// Better Auth's client, which the first paint of a page does not need.
export const betterAuthClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [
    inferAdditionalFields({
      user: {
        location: { type: "string", required: false },
        signedUpAs: { type: "string", required: false },
      },
    }),
    // Staff sign-in's second step; the admin login screen reads `twoFactorRedirect` itself.
    twoFactorClient(),
  ],
});

// Better Auth flips this signal after sign-in, sign-out and profile updates: refresh our session.
betterAuthClient.$store.atoms.$sessionSignal?.listen(() => {
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
});
