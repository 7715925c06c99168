import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PAGE_ROUTES } from "../contracts/routes.ts";
import { AppLayout } from "./components/layout/app-layout.tsx";
import { RouteError } from "./components/layout/route-error.tsx";
import { PageSpinner } from "./components/ui/spinner.tsx";

type PageModule = { default: ComponentType };

/** Each screen is its own chunk, loaded when its route is first visited. */
function page(path: string, load: () => Promise<PageModule>): RouteObject {
  return {
    path,
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
    children: [
      page(PAGE_ROUTES.home, () => import("./routes/home.tsx")),
      page(PAGE_ROUTES.search, () => import("./routes/search.tsx")),
      page(PAGE_ROUTES.map, () => import("./routes/map.tsx")),
      page(PAGE_ROUTES.bookings, () => import("./routes/bookings.tsx")),
      page(PAGE_ROUTES.messages, () => import("./routes/messages.tsx")),
      page(PAGE_ROUTES.profile, () => import("./routes/profile.tsx")),
      page(PAGE_ROUTES.profileSetup, () => import("./routes/profile-setup.tsx")),
      page(PAGE_ROUTES.availability, () => import("./routes/availability.tsx")),
      page(PAGE_ROUTES.howItWorks, () => import("./routes/how-it-works.tsx")),
      page(PAGE_ROUTES.becomePhotographer, () => import("./routes/become-photographer.tsx")),
      page(PAGE_ROUTES.apply, () => import("./routes/apply.tsx")),
      page(PAGE_ROUTES.onboard, () => import("./routes/onboard.tsx")),
      page(PAGE_ROUTES.creatorProfile, () => import("./routes/creator-profile.tsx")),
      page(PAGE_ROUTES.auth, () => import("./routes/auth.tsx")),
      page(PAGE_ROUTES.adminLogin, () => import("./routes/admin-login.tsx")),
      page(PAGE_ROUTES.adminForgot, () => import("./routes/admin-forgot.tsx")),
      page(PAGE_ROUTES.adminReset, () => import("./routes/admin-reset.tsx")),
      page(PAGE_ROUTES.admin, () => import("./routes/admin-dashboard.tsx")),
      page(PAGE_ROUTES.adminApplications, () => import("./routes/admin-applications.tsx")),
      page(
        PAGE_ROUTES.adminApplicationDetail,
        () => import("./routes/admin-application-detail.tsx"),
      ),
      page("*", () => import("./routes/not-found.tsx")),
    ],
  },
]);
