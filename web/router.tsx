import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import {
  NOT_FOUND_SCREEN,
  PAGE_ROUTES,
  PAGE_SCREENS,
  type PageRouteName,
} from "../contracts/routes.ts";
import { AppLayout } from "./app-shell/app-layout.tsx";
import { RouteError } from "./app-shell/route-error.tsx";
import { PageSpinner } from "./components/ui/spinner.tsx";

type PageModule = { default: ComponentType };

// One chunk per screen, loaded when its route is first visited (the server preloads the chunk
// of the page it sends: see routePreloads in vite.config.ts).
const screens = import.meta.glob<PageModule>("./routes/*.tsx");

function page(path: string, screen: string): RouteObject {
  const load = screens[`./routes/${screen}.tsx`];
  if (!load) throw new Error(`No screen web/routes/${screen}.tsx for ${path}`);
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
      ...(Object.keys(PAGE_ROUTES) as PageRouteName[]).map((name) =>
        page(PAGE_ROUTES[name], PAGE_SCREENS[name]),
      ),
      page("*", NOT_FOUND_SCREEN),
    ],
  },
]);
