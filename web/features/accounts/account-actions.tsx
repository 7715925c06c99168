import { LogOut } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { useSession } from "../../lib/auth-client.ts";
import { cn } from "../../lib/cn.ts";
import { openAuthDialog } from "./auth-dialog-store.ts";
import { useSignOut } from "./use-sign-out.ts";

/** Sign In / Get Started for visitors; the account's name and Sign Out once signed in. */
export function AccountActions({
  stacked = false,
  onAction,
}: {
  stacked?: boolean;
  onAction?: () => void;
}) {
  const { data: session, isPending } = useSession();
  const signOut = useSignOut();
  if (isPending) return <div className={cn("h-10", stacked ? "w-full" : "w-44")} aria-hidden />;

  if (session) {
    return (
      <>
        {/* In the header only on wide screens: the links beside it need the room. */}
        <span
          className={cn(
            "max-w-40 truncate text-sm font-medium text-ink-700",
            !stacked && "sr-only 2xl:not-sr-only",
          )}
        >
          {session.user.name || session.user.email}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={async () => {
            onAction?.();
            await signOut();
          }}
        >
          <LogOut aria-hidden /> Sign Out
        </Button>
      </>
    );
  }

  return (
    <>
      <Button
        variant="ghost"
        className={cn(stacked && "w-full")}
        onClick={() => {
          onAction?.();
          openAuthDialog("signin");
        }}
      >
        Sign In
      </Button>
      <Button
        className={cn(stacked && "w-full")}
        onClick={() => {
          onAction?.();
          // Spec §2: both buttons open the dialog, which starts in sign-in ("Sign up" is a click away).
          openAuthDialog("signin");
        }}
      >
        Get Started
      </Button>
    </>
  );
}
