// The spec's route table (§2). The server answers 404 for any page path not listed here,
// and the web router is built from the same list, so the two can never disagree.
export const PAGE_ROUTES = {
  home: "/",
  search: "/search",
  map: "/map",
  bookings: "/bookings",
  bookingDetail: "/bookings/:id",
  hail: "/hail/:id",
  /** Where the payment provider's return lands: /hail?hail=<id>&payment=<outcome>. */
  hailReturn: "/hail",
  messages: "/messages",
  profile: "/profile",
  profileSetup: "/profile-setup",
  availability: "/availability",
  howItWorks: "/how-it-works",
  becomePhotographer: "/become-photographer",
  apply: "/apply",
  onboard: "/onboard",
  creatorProfile: "/p/:id",
  admin: "/admin",
  adminLogin: "/admin/login",
  adminForgot: "/admin/forgot",
  adminReset: "/admin/reset",
  adminApplications: "/admin/applications",
  adminApplicationDetail: "/admin/applications/:id",
  auth: "/auth",
} as const;

export type PageRouteName = keyof typeof PAGE_ROUTES;

/** The screen showing each route: the web's module web/routes/<screen>.tsx. */
export const PAGE_SCREENS = {
  home: "home",
  search: "search",
  map: "map",
  bookings: "bookings",
  bookingDetail: "booking-detail",
  hail: "hail",
  hailReturn: "hail",
  messages: "messages",
  profile: "profile",
  profileSetup: "profile-setup",
  availability: "availability",
  howItWorks: "how-it-works",
  becomePhotographer: "become-photographer",
  apply: "apply",
  onboard: "onboard",
  creatorProfile: "creator-profile",
  admin: "admin-dashboard",
  adminLogin: "admin-login",
  adminForgot: "admin-forgot",
  adminReset: "admin-reset",
  adminApplications: "admin-applications",
  adminApplicationDetail: "admin-application-detail",
  auth: "auth",
} as const satisfies Record<PageRouteName, string>;

/** Written by the build (vite.config.ts): each screen's chunk URLs, for the server's preloads. */
export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/** The screen for any path the route table does not know. */
export const NOT_FOUND_SCREEN = "not-found";

const matchers = (Object.keys(PAGE_ROUTES) as PageRouteName[]).map((name) => ({
  screen: PAGE_SCREENS[name],
  pattern: new RegExp(`^${PAGE_ROUTES[name].replace(/:[a-z]+/gi, "[^/]+")}/?$`),
}));

/** The screen that shows a path, or null when no route matches (a 404). */
export function screenForPath(pathname: string): string | null {
  return matchers.find((m) => m.pattern.test(pathname))?.screen ?? null;
}

export const creatorProfilePath = (id: string) => `/p/${id}`;
/** A hail's live view, for its client. */
export const hailPagePath = (id: string) => `/hail/${id}`;
export const bookingsForCreatorPath = (id: string) => `/bookings?creator=${id}`;
export const messagesForCreatorPath = (id: string) => `/messages?creator=${id}`;
