// The photos screen's words (issue 14, 'View Photos').
export const PHOTOS_TITLE = "Photos";
export const NOT_DELIVERED_YET = "The photos are not delivered yet";
export const DOWNLOAD_ALL = "Download all (ZIP)";
export const ACCEPT_DELIVERY = "Accept delivery";
export const REPORT_PROBLEM = "Report a problem";
export const DELIVER = "Deliver photos";
export const SIGN_IN_PHOTOS = "Sign in to see the photos of this booking.";
export const ACCEPTED_BY_LABEL = {
  client: "by the client",
  system: "automatically",
  staff: "by our team",
} as const;
