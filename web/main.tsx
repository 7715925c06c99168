import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense, startTransition, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { TOASTS } from "../contracts/constants.ts";
import { AuthDialogHost } from "./app-shell/auth-dialog-host.tsx";
import { useSessionEffects } from "./features/accounts/session-effects.ts";
import { queryClient } from "./lib/query-client.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { setToasterHost } from "./lib/toast.ts";
import { router } from "./router.tsx";
import "./styles.css";

/** App-wide effects, mounted once for the whole app (see useSessionEffects). */
function AppEffects() {
  useSessionEffects();
  return null;
}

const Toaster = lazy(() => import("sonner").then(({ Toaster }) => ({ default: Toaster })));

/** Runs `done` once it and the siblings before it have mounted. */
function Mounted({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

/**
 * sonner's Toaster, mounted when the first toast comes (web/lib/toast.ts holds the toasts until
 * it listens), so sonner is not part of the first load.
 */
function ToastHost() {
  const [listening, setListening] = useState<() => void>();
  useEffect(() => {
    setToasterHost(() => new Promise<void>((resolve) => setListening(() => resolve)));
  }, []);
  if (!listening) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={TOASTS.visibleMax}
        duration={TOASTS.durationMs}
        position="top-center"
        richColors
        closeButton
      />
      <Mounted done={listening} />
    </Suspense>
  );
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
        <ToastHost />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

registerServiceWorker();
