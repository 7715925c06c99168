import { HAIL } from "../../../contracts/constants.ts";
import { formatCents } from "../../lib/format.ts";

// The hail's words (issue 12), in one place; the contract (contracts/hail.ts) holds the
// server's messages.

export const HAIL_DIALOG_TITLE = "Hail a creator";
export const HAIL_DIALOG_DESCRIPTION =
  "Ask the creators online near you right now. The first to accept is booked.";
export const HAIL_NOW = "Hail now";
export const HAILING = "Hailing...";
export const HAIL_FAILED = "Could not send the hail";
/** The "Proceed to PayPal" toast of a hail: the same words as the hail page's. */
export const HOLD_IN_NEW_TAB =
  "Approve the hold in the new tab. Nothing is charged until a creator accepts.";
export const USE_MY_LOCATION = "Use my location";
export const USING_LOCATION = "Using your current location";
export const LOCATING = "Finding you...";
export const LOCATION_DENIED =
  "Your location is not available. Enter the address with its ZIP or city and state.";
export const ADDRESS_PLACEHOLDER = "Street, city, state, ZIP";
export const ASAP = "As soon as possible";
export const HOLD_EXPLAINED =
  "The amount is held at PayPal, not charged. Only the price of the creator who accepts is charged: the deposit when they accept, the rest after the session. If nobody accepts, the hold is released.";
export const QUOTE_NEEDS_LOCATION =
  "Enter the address (with its ZIP, or city and state) or use your location to see who is online nearby and the price before you hail.";
export const NOBODY_ONLINE_TRY_WIDER = "Try a wider radius, or hail again in a few minutes.";

export const HAIL_PAGE_TITLE = "Your hail";
export const AWAITING_PAYMENT_TITLE = "Approve the hold in the PayPal tab";
export const AWAITING_PAYMENT_TEXT =
  "Your hail goes out to creators as soon as the hold is approved. Nothing is charged until a creator accepts.";
export const REOPEN_PAYMENT = "Reopen the PayPal tab";
export const CANCEL_HAIL = "Cancel hail";
export const CANCEL_FAILED = "Could not cancel the hail";
export const HAIL_CANCELLED = "Hail cancelled";
export const LIVE_TITLE = "Hailing creators near you";
export const ACCEPTED_TITLE = "A creator accepted!";
export const VIEW_BOOKING = "View booking";
export const EXPIRED_TITLE = "Nobody accepted in time";
export const EXPIRED_TEXT = "Nothing was charged and the hold is released.";
export const HAIL_AGAIN = "Hail again";
export const CANCELLED_TITLE = "Hail cancelled";
export const CANCELLED_TEXT = "You cancelled this hail. Nothing was charged.";
export const FAILED_TITLE = "The payment was not approved";
export const FAILED_TEXT =
  "PayPal refused the hold, so the hail did not go out. Nothing was charged.";
export const HAIL_LOAD_FAILED = "This hail could not be loaded.";

export const OFFERS_REGION = "Incoming hails";
export const NEW_HAIL = "New hail";
export const ACCEPT = "Accept";
export const DECLINE = "Decline";
export const TAKEN = "Taken";
export const BOOKED = "Booked!";
export const ENABLE_ALERTS = "Enable alerts";
export const ALERTS_ON = "Alerts on";
export const ACCEPT_FAILED = "Could not accept the hail";
export const DECLINE_FAILED = "Could not decline the hail";

export const widenLabel = (miles: number) => `Widen to ${miles} mi`;
export const reachingLabel = (count: number) =>
  `Reaching ${count} ${count === 1 ? "creator" : "creators"}`;
export const onlineNearbyLabel = (count: number) =>
  `${count} ${count === 1 ? "creator" : "creators"} online nearby`;
export const awayLabel = (minutes: number) => `about ${minutes} min away`;
export const earnLabel = (amount: string) => `You earn ${amount}`;
export const afterCommissionLabel = (percent: number) => `after ${percent}% commission`;

/** "In 30 min", "In 1 h", "In 1.5 h"… for a start this many minutes from now (0: as soon as possible). */
export function startOptionLabel(minutes: number): string {
  if (minutes === 0) return ASAP;
  return minutes < 60 ? `In ${minutes} min` : `In ${minutes / 60} h`;
}

/** The radius one step wider than `miles`, or null at the widest. */
export function widerRadius(miles: number): number | null {
  return (HAIL.radiusOptionsMiles as readonly number[]).find((r) => r > miles) ?? null;
}

/** "2.4 mi" from the server's miles. */
export const formatMiles = (miles: number) =>
  `${miles < 10 ? miles.toFixed(1).replace(/\.0$/, "") : Math.round(miles)} mi`;

/** "$120 – $180" for a range, or one amount when both ends agree. */
export function formatRange(min: number, max: number): string {
  return min === max ? formatCents(min) : `${formatCents(min)} – ${formatCents(max)}`;
}
