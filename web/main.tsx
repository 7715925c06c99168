import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { TOASTS } from "../contracts/constants.ts";
import { AuthDialogHost } from "./app-shell/auth-dialog-host.tsx";
import { useSessionEffects } from "./features/accounts/session-effects.ts";
import { queryClient } from "./lib/query-client.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { router } from "./router.tsx";
import "./styles.css";

/** App-wide effects, mounted once for the whole app (see useSessionEffects). */
function AppEffects() {
  useSessionEffects();
  return null;
}

// Rendered as a transition: React renders the first screen in short slices, so a slow phone's
// main thread stays free for input while it builds.
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppEffects />
        <RouterProvider router={router} />
        <AuthDialogHost />
        <Toaster
          visibleToasts={TOASTS.visibleMax}
          duration={TOASTS.durationMs}
          position="top-center"
          richColors
          closeButton
        />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

registerServiceWorker();
