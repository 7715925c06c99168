import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { PageSpinner } from "../ui/spinner.tsx";
import { HailOffersSlot } from "./hail-offers-slot.tsx";
import { PresenceKeeperSlot } from "./presence-keeper-slot.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { TabBar } from "./tab-bar.tsx";

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="min-h-dvh flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <TabBar />
      <HailOffersSlot />
      <PresenceKeeperSlot />
      <ScrollRestoration />
    </div>
  );
}
