import { inferAdditionalFields } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

// Better Auth's client talks to /api/auth on the same origin; its session hook is shared
// app-wide and across tabs (a sign-in or sign-out in one tab reaches the others).
export const authClient = createAuthClient({
  basePath: "/api/auth",
  sessionOptions: {
    // A long-open tab re-reads its session; the server extends it once a day of use.
    refetchInterval: 10 * 60,
    refetchOnWindowFocus: true,
  },
  plugins: [
    inferAdditionalFields({
      user: {
        location: { type: "string", required: false },
        signedUpAs: { type: "string", required: false },
      },
    }),
  ],
});

export const useSession = authClient.useSession;

/** Better Auth's error for an account whose address is not confirmed yet. */
export const EMAIL_NOT_VERIFIED = "EMAIL_NOT_VERIFIED";
