import { PAGE_ROUTES, type PageRouteName } from "../contracts/routes.ts";

/**
 * The h1 each screen of the route table shows to a signed-out visitor (at phone and desktop).
 * Where the spec fixes the heading it is matched; elsewhere any heading passes — tighten
 * your screen's entry when you build it. Parameterised routes use the sample path given.
 */
export const SCREEN_HEADINGS: Record<PageRouteName, { path?: string; heading: RegExp }> = {
  home: { heading: /Book a creator near you/ },
  search: { heading: /Find Creators/ },
  map: { heading: /Creators Near You/ },
  bookings: { heading: /My Bookings/ },
  // Signed out: the booking is not shown, only the prompt to sign in.
  bookingDetail: { path: "/bookings/1", heading: /Booking/ },
  // Signed out: the photos are not shown, only the prompt to sign in.
  bookingPhotos: { path: "/bookings/1/photos", heading: /^Photos$/ },
  bookingReview: { path: "/bookings/1/review", heading: /Leave Review/ },
  earnings: { heading: /^Earnings$/ },
  // Signed out: the hail is not shown, only the prompt to sign in.
  hail: { path: "/hail/1", heading: /Your hail/ },
  hailReturn: { heading: /Your hail/ },
  messages: { heading: /Messages/ },
  notifications: { heading: /Notifications/ },
  unsubscribe: { heading: /Unsubscribe/ },
  profile: { heading: /Welcome to ShutterHail/ },
  profileSetup: { heading: /\S/ },
  availability: { heading: /Availability Manager/ },
  howItWorks: { heading: /How it Works/i },
  becomePhotographer: { heading: /Photographer|Creator/ },
  apply: { heading: /Join ShutterHail/ },
  onboard: { heading: /\S/ },
  // An id that is no listed creator: the not-found page (the server answers 404).
  creatorProfile: { path: "/p/1", heading: /404 - Oops! Page not found/ },
  admin: { heading: /^Admin Sign In$/ },
  adminLogin: { heading: /\S/ },
  adminForgot: { heading: /\S/ },
  adminReset: { heading: /\S/ },
  adminApplications: { heading: /\S/ },
  adminApplicationDetail: { path: "/admin/applications/1", heading: /\S/ },
  adminConversationReport: { path: "/admin/reports/1", heading: /\S/ },
  // Staff screens: a signed-out visitor is sent to /admin/login.
  adminBookings: { heading: /^Admin Sign In$/ },
  adminBookingDetail: { path: "/admin/bookings/1", heading: /^Admin Sign In$/ },
  adminPayouts: { heading: /^Admin Sign In$/ },
  adminProblems: { heading: /^Admin Sign In$/ },
  adminReviews: { heading: /^Admin Sign In$/ },
  adminUsers: { heading: /^Admin Sign In$/ },
  adminAudit: { heading: /^Admin Sign In$/ },
  auth: { heading: /\S/ },
};

export const SCREENS = (Object.keys(PAGE_ROUTES) as PageRouteName[]).map((name) => ({
  name,
  path: SCREEN_HEADINGS[name].path ?? PAGE_ROUTES[name],
  heading: SCREEN_HEADINGS[name].heading,
}));
