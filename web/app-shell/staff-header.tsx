import { LogOut, ShieldCheck } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Container } from "../components/ui/page.tsx";
import { useSignOut } from "../features/accounts/use-sign-out.ts";
import { useSession } from "../lib/auth-client.ts";
import { Logo } from "./logo.tsx";

/** Staff screens whose own header already has a Sign Out (the dashboard), or need none. */
const OWN_SIGN_OUT: string[] = [
  PAGE_ROUTES.admin,
  PAGE_ROUTES.adminLogin,
  PAGE_ROUTES.adminForgot,
  PAGE_ROUTES.adminReset,
];

/**
 * The header of the staff screens (/admin…): the logo back to the dashboard and one Sign Out,
 * never the client's navigation (issue 23).
 */
export function StaffHeader() {
  const { pathname } = useLocation();
  const { data: session } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const showSignOut = Boolean(session) && !OWN_SIGN_OUT.includes(pathname.replace(/\/$/, ""));
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/70 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center justify-between gap-4">
        <div className="flex shrink-0 items-center gap-3">
          <Logo to={PAGE_ROUTES.admin} />
          <span className="inline-flex items-center gap-1 rounded-full bg-ink-900 px-2.5 py-0.5 text-xs font-semibold text-white">
            <ShieldCheck className="size-3.5" aria-hidden />
            Staff
          </span>
        </div>
        {showSignOut ? (
          <Button
            variant="outline"
            size="sm"
            onClick={async () => {
              if (await signOut()) navigate(PAGE_ROUTES.adminLogin, { replace: true });
            }}
          >
            <LogOut aria-hidden /> Sign Out
          </Button>
        ) : null}
      </Container>
    </header>
  );
}
