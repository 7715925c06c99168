import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Container } from "../../components/ui/page.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { type AdminStatus, useAdminStatus } from "./use-admin-status.ts";

type Admin = Extract<AdminStatus, { status: "admin" }>["admin"];

/**
 * Admin-only screens: a spinner while the check runs, /admin/login for everyone who is not
 * an admin. `children` may be a function of the admin (role, last login).
 */
export function AdminGuard({ children }: { children: ReactNode | ((admin: Admin) => ReactNode) }) {
  const state = useAdminStatus();
  if (state.status === "loading") return <PageSpinner />;
  if (state.status === "error") {
    return (
      <Container className="py-16">
        <Card className="mx-auto max-w-md">
          <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
            <p className="text-ink-700">We could not check your admin access.</p>
            <Button onClick={state.retry}>Try again</Button>
          </CardContent>
        </Card>
      </Container>
    );
  }
  if (state.status !== "admin") return <Navigate to={PAGE_ROUTES.adminLogin} replace />;
  return <>{typeof children === "function" ? children(state.admin) : children}</>;
}
