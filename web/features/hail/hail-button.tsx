import { Zap } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { useSession } from "../../lib/auth-client.ts";
import { openAuthDialog } from "../accounts/auth-dialog-store.ts";

// The only hail code in a page's first load: the dialog (form, quote, API client) loads on the
// first click, or when the pointer comes near the button.
const loadDialog = () => import("./load-hail-dialog.ts").then((m) => m.loadHailDialog());
const HailDialog = lazy(loadDialog);

// Here rather than in strings.ts: the button's words are all of the hail in the first load.
export const HAIL_BUTTON = "Hail a creator";

/** 'Hail a creator': the dialog when signed in, else the sign-in dialog. */
export function HailButton({
  variant = "primary",
  size = "lg",
  className,
}: {
  variant?: "primary" | "light" | "dark" | "outline";
  size?: "md" | "lg";
  className?: string;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          // A click before the session is known does nothing (it is known within moments).
          if (session.isPending) return;
          if (!session.data) return openAuthDialog("signin");
          setWanted(true);
          setOpen(true);
        }}
      >
        <Zap aria-hidden /> {HAIL_BUTTON}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <HailDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
