import { Suspense } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { HailOffersSlot } from "./hail-offers-slot.tsx";
import { PresenceKeeperSlot } from "./presence-keeper-slot.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { StaffHeader } from "./staff-header.tsx";
import { TabBar } from "./tab-bar.tsx";

export function AppLayout() {
  // Staff screens have their own header and no client navigation, footer or tab bar.
  const staff = useLocation().pathname.startsWith(PAGE_ROUTES.admin);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {staff ? <StaffHeader /> : <SiteHeader />}
      <main id="main" className="min-h-dvh flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {staff ? null : <SiteFooter />}
      {staff ? null : <TabBar />}
      <HailOffersSlot />
      <PresenceKeeperSlot />
      <ScrollRestoration />
    </div>
  );
}
