import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { closeAuthDialog, openAuthDialog, useAuthDialogMode } from "./auth-dialog-store.ts";
import { AUTH_MODES, AuthForm } from "./auth-form.tsx";

/** The authentication dialog: signin, signup and photographer modes (spec §Authentication). */
export function AuthDialog() {
  const mode = useAuthDialogMode();
  const current = mode ?? "signin";
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && closeAuthDialog()}>
      <DialogContent title={AUTH_MODES[current].title}>
        <AuthForm mode={current} onModeChange={openAuthDialog} onSuccess={closeAuthDialog} />
      </DialogContent>
    </Dialog>
  );
}
