import { lazy, Suspense, useEffect, useState } from "react";
import { useAuthDialogMode } from "../features/accounts/auth-dialog-store.ts";

const AuthDialog = lazy(() =>
  import("../features/accounts/auth-dialog.tsx").then((m) => ({ default: m.AuthDialog })),
);

/** Mounts the auth dialog (and its forms and auth client) only once something first opens it. */
export function AuthDialogHost() {
  const mode = useAuthDialogMode();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (mode !== null) setWanted(true);
  }, [mode]);
  if (!wanted && mode === null) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
