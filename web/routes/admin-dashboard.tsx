import { LogOut, ShieldCheck } from "lucide-react";
import { useNavigate } from "react-router";
import type { AdminMe } from "../../contracts/accounts.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Container } from "../components/ui/page.tsx";
import { useSignOut } from "../features/accounts/use-sign-out.ts";
import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { BackOfficeNav } from "../features/admin/back-office-nav.tsx";
import { FailedMailNotice } from "../features/admin/failed-mail-notice.tsx";
import { FiguresPanel } from "../features/admin/figures-panel.tsx";
import { NotificationsMenu } from "../features/admin/notifications-menu.tsx";
import { roleLabel, roleWelcomeName } from "../features/admin/role.ts";
import { formatDate } from "../lib/format.ts";

function Dashboard({ admin }: { admin: AdminMe }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const lastLogin = admin.lastLoginAt ? formatDate(admin.lastLoginAt) : null;

  return (
    <>
      <div className="border-b border-ink-200 bg-white">
        <Container className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="flex items-center gap-3">
            <span className="grid size-9 place-items-center rounded-xl bg-ink-900 text-brand-400">
              <ShieldCheck className="size-5" aria-hidden />
            </span>
            <div>
              <p className="text-sm font-semibold text-ink-900">Admin Dashboard</p>
              <Badge variant="secondary">{roleLabel(admin.role)}</Badge>
            </div>
          </div>
          <div className="flex items-center gap-2 sm:gap-3">
            {lastLogin && (
              <span className="hidden text-sm text-ink-600 sm:inline">Last login: {lastLogin}</span>
            )}
            <NotificationsMenu />
            <Button
              variant="outline"
              onClick={async () => {
                if (await signOut()) navigate(PAGE_ROUTES.adminLogin, { replace: true });
              }}
            >
              <LogOut aria-hidden /> Sign Out
            </Button>
          </div>
        </Container>
      </div>
      <Container className="flex flex-col gap-6 pb-16">
        <div className="pt-8 sm:pt-12">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
            Welcome back, {roleWelcomeName(admin.role)}
          </h1>
          <p className="mt-2 text-base text-ink-600">
            Signed in as {admin.email}. Review creator applications and keep an eye on the
            marketplace.
          </p>
          {lastLogin && (
            <p className="mt-1 text-sm text-ink-500 sm:hidden">Last login: {lastLogin}</p>
          )}
        </div>
        <FiguresPanel />
        <FailedMailNotice />
        <BackOfficeNav />
      </Container>
    </>
  );
}

export default function AdminDashboard() {
  return <AdminGuard>{(admin) => <Dashboard admin={admin} />}</AdminGuard>;
}
