import { inferAdditionalFields } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

// Better Auth's client talks to /api/auth on the same origin; its session hook is shared app-wide.
export const authClient = createAuthClient({
  basePath: "/api/auth",
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
