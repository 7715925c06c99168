// The spec's route table (§2). The server answers 404 for any page path not listed here,
// and the web router is built from the same list, so the two can never disagree.
export const PAGE_ROUTES = {
  home: "/",
  search: "/search",
  map: "/map",
  bookings: "/bookings",
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

const matchers = Object.values(PAGE_ROUTES).map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, "[^/]+")}/?$`),
);

export function isKnownPagePath(pathname: string): boolean {
  return matchers.some((re) => re.test(pathname));
}

export const creatorProfilePath = (id: string) => `/p/${id}`;
export const bookingsForCreatorPath = (id: string) => `/bookings?creator=${id}`;
