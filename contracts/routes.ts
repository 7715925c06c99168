// The spec's route table (§2). The server answers 404 for any page path not listed here,
// and the web router is built from the same list, so the two can never disagree.
export const PAGE_ROUTES = {
  home: "/",
  search: "/search",
  map: "/map",
  bookings: "/bookings",
  bookingDetail: "/bookings/:id",
  /** 'View Photos': the booking's delivery (the creator uploads, the client views). */
  bookingPhotos: "/bookings/:id/photos",
  /** 'Leave Review': the booking's two-sided review. */
  bookingReview: "/bookings/:id/review",
  /** A creator's tier, balance, payouts and history. */
  earnings: "/earnings",
  hail: "/hail/:id",
  /** Where the payment provider's return lands: /hail?hail=<id>&payment=<outcome>. */
  hailReturn: "/hail",
  messages: "/messages",
  notifications: "/notifications",
  /** A mail's one-click unsubscribe link lands here: /unsubscribe?token=… */
  unsubscribe: "/unsubscribe",
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
  /** Staff read a conversation a participant reported. */
  adminConversationReport: "/admin/reports/:id",
  adminBookings: "/admin/bookings",
  adminBookingDetail: "/admin/bookings/:id",
  adminPayouts: "/admin/payouts",
  adminProblems: "/admin/problems",
  adminReviews: "/admin/reviews",
  adminUsers: "/admin/users",
  adminAudit: "/admin/audit",
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
  bookingPhotos: "booking-photos",
  bookingReview: "booking-review",
  earnings: "earnings",
  hail: "hail",
  hailReturn: "hail",
  messages: "messages",
  notifications: "notifications",
  unsubscribe: "unsubscribe",
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
  adminConversationReport: "admin-conversation-report",
  adminBookings: "admin-bookings",
  adminBookingDetail: "admin-booking-detail",
  adminPayouts: "admin-payouts",
  adminProblems: "admin-problems",
  adminReviews: "admin-reviews",
  adminUsers: "admin-users",
  adminAudit: "admin-audit",
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
/** Where an approved applicant completes their profile (the approval mail's link). */
export const onboardPath = (applicationId: string) =>
  `${PAGE_ROUTES.onboard}?application_id=${applicationId}`;
/** Opens (or starts) the conversation with a creator; a booking is shown as its context. */
export const messagesForCreatorPath = (id: string, bookingId?: string) =>
  `/messages?with=${id}${bookingId ? `&booking=${bookingId}` : ""}`;
/** One conversation on /messages. */
export const conversationPath = (id: string) => `/messages?c=${id}`;
export const notificationsPath = () => PAGE_ROUTES.notifications;
export const conversationReportPath = (id: string) => `/admin/reports/${id}`;

/** The pages search engines are asked to list, besides every listed creator's profile. */
export const INDEXED_PAGES = [
  "home",
  "search",
  "map",
  "howItWorks",
  "becomePhotographer",
] as const satisfies readonly PageRouteName[];

/** Public pages that search engines may follow but that are not worth listing. */
const UNLISTED_PUBLIC_PAGES: readonly PageRouteName[] = ["creatorProfile", "apply"];

/**
 * Path prefixes robots.txt closes to crawlers: the API and the first segment of every page that
 * is for a signed-in person, a token holder or staff.
 */
export function crawlerClosedPrefixes(): string[] {
  const open = new Set<PageRouteName>([...INDEXED_PAGES, ...UNLISTED_PUBLIC_PAGES]);
  const openSegments = new Set([...open].map((name) => PAGE_ROUTES[name].split("/")[1] ?? ""));
  const closed = new Set<string>();
  for (const name of Object.keys(PAGE_ROUTES) as PageRouteName[]) {
    if (open.has(name)) continue;
    const segment = PAGE_ROUTES[name].split("/")[1] ?? "";
    if (segment && !openSegments.has(segment)) closed.add(`/${segment}`);
  }
  return ["/api/", ...[...closed].sort()];
}
