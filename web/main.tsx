import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { TOASTS } from "../contracts/constants.ts";
import { AuthDialog } from "./features/accounts/auth-dialog.tsx";
import { router } from "./router.tsx";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AuthDialog />
      <Toaster
        visibleToasts={TOASTS.visibleMax}
        duration={TOASTS.durationMs}
        position="top-center"
        richColors
        closeButton
      />
    </QueryClientProvider>
  </StrictMode>,
);
