import { z } from "zod";
import { ZPaymentOrder } from "./bookings.ts";
import { idParam, optionalText } from "./common.ts";
import { BOOKING_HOURS, HAIL } from "./constants.ts";
import { SERVICES } from "./enums.ts";

// Hail (issue 12, docs/decisions/018): a signed-in client asks the creators online nearby for a
// session now or within a few hours; the deposit's authorization comes first, then the hail
// goes live to matching creators for HAIL.liveSeconds; the first to accept is booked.

export const HAIL_STATUSES = [
  /** Waiting for the client to approve the authorization at the provider. */
  "awaiting_payment",
  /** Reaching creators; open until liveUntil. */
  "live",
  /** A creator accepted: bookingId is the confirmed booking. */
  "accepted",
  /** Nobody accepted in time (or the payment was never approved); nothing is held. */
  "expired",
  /** The client withdrew it; nothing is held. */
  "cancelled",
  /** The provider refused the authorization; nothing is held. */
  "failed",
] as const;
export type HailStatus = (typeof HAIL_STATUSES)[number];

export const HAIL_OFFER_STATUSES = [
  "offered",
  /** This creator won. */
  "accepted",
  /** Another creator accepted first: the screen says 'Taken'. */
  "taken",
  "declined",
  /** Nobody accepted in time. */
  "expired",
  /** The client cancelled the hail. */
  "withdrawn",
] as const;
export type HailOfferStatus = (typeof HAIL_OFFER_STATUSES)[number];

export const HAIL_NOT_FOUND = "Hail not found";
export const HAIL_TAKEN_MESSAGE = "Taken — another creator accepted this hail first.";
export const HAIL_CLOSED_MESSAGE = "This hail is no longer open.";
export const HAIL_ALREADY_OPEN_MESSAGE =
  "You already have an open hail. Cancel it or wait for it to finish first.";
export const HAIL_NOBODY_ONLINE_MESSAGE =
  "No creators offering that service are online near that address right now.";
export const HAIL_NO_LOCATION_MESSAGE =
  "Use your current location or include a 5-digit ZIP code in the address.";

const ZService = z.enum(SERVICES, "Pick a service");
const ZHours = z.coerce
  .number()
  .int("Hours must be a whole number")
  .min(BOOKING_HOURS.min, `Hours must be between ${BOOKING_HOURS.min} and ${BOOKING_HOURS.max}`)
  .max(BOOKING_HOURS.max, `Hours must be between ${BOOKING_HOURS.min} and ${BOOKING_HOURS.max}`);
const ZRadius = z.coerce
  .number()
  .refine(
    (r) => (HAIL.radiusOptionsMiles as readonly number[]).includes(r),
    `Pick a radius of ${HAIL.radiusOptionsMiles.join(", ")} miles`,
  );
const ZLat = z.coerce.number().min(-90).max(90);
const ZLng = z.coerce.number().min(-180).max(180);

export const HAIL_ADDRESS_NOT_FOUND_MESSAGE =
  'We could not find that address. Include a 5-digit ZIP code or "City, ST", or use your current location.';

/**
 * The part of a typed address the server can place: its 5-digit ZIP, else its "City, ST".
 * The hail form asks for a quote only with it, so typing the street asks nothing.
 */
export function placeOfAddress(address: string): string | null {
  const zip = address.match(/\b\d{5}\b/)?.[0];
  if (zip) return zip;
  // A ZIP still being typed after the state ("Miami, FL 331") leaves the city and state.
  const pairs = [
    ...address.matchAll(/([^,\d][^,]*?)\s*,\s*([A-Za-z]{2})(?=\s*\d{0,4}\s*(?:,|$))/g),
  ];
  const last = pairs.at(-1);
  return last ? `${last[1]!.trim()}, ${last[2]!.toUpperCase()}` : null;
}

const ZStartInMinutes = z.coerce
  .number()
  .refine(
    (m) => (HAIL.startOptionsMinutes as readonly number[]).includes(m),
    "Pick when the session should start",
  );

/**
 * GET /api/hails/quote: who could be reached and the price range, before anything is held.
 * The point is the browser's position (lat, lng) or a typed place (a ZIP or "City, ST").
 */
export const ZHailQuoteQuery = z
  .object({
    service: ZService,
    hours: ZHours,
    lat: ZLat.optional(),
    lng: ZLng.optional(),
    place: z.string().trim().min(1).max(120).optional(),
    startInMinutes: ZStartInMinutes.default(0),
    radiusMiles: ZRadius.default(HAIL.defaultRadiusMiles),
  })
  .refine((q) => (q.lat !== undefined && q.lng !== undefined) || q.place !== undefined, {
    message: HAIL_ADDRESS_NOT_FOUND_MESSAGE,
  });

/** Where a typed place was found (its centre): the hail is sent from there. */
export const ZHailPlace = z.object({ lat: z.number(), lng: z.number(), label: z.string() });

export const ZHailQuote = z.object({
  /** Online creators of the service whose area covers the point, within the radius. */
  creatorsAvailable: z.number().int(),
  /** Totals (session + service fee) at the cheapest and dearest of them; null when none. */
  minTotalCents: z.number().int().nullable(),
  maxTotalCents: z.number().int().nullable(),
  /** The deposit (charged when a creator accepts) at those two totals. */
  minDepositCents: z.number().int().nullable(),
  maxDepositCents: z.number().int().nullable(),
  currency: z.string(),
  radiusMiles: z.number().int(),
  /** The typed place, where it was found; null for the browser's position. */
  place: ZHailPlace.nullable(),
});
export type HailQuote = z.infer<typeof ZHailQuote>;

/** POST /api/hails (with an Idempotency-Key). Without lat/lng the address's ZIP places it. */
export const ZCreateHailRequest = z
  .object({
    service: ZService,
    hours: ZHours,
    location: z.string("Enter the address").trim().min(1, "Enter the address").max(300),
    lat: ZLat.optional(),
    lng: ZLng.optional(),
    startInMinutes: ZStartInMinutes,
    radiusMiles: ZRadius.default(HAIL.defaultRadiusMiles),
    notes: optionalText(1000),
  })
  .refine((h) => (h.lat === undefined) === (h.lng === undefined), {
    message: HAIL_NO_LOCATION_MESSAGE,
    path: ["lat"],
  });
export type CreateHailRequest = z.input<typeof ZCreateHailRequest>;

export const ZHailIdParam = idParam(HAIL_NOT_FOUND);

/** The creator who accepted, as the client sees them (never their exact position). */
export const ZHailWinner = z.object({
  creatorId: z.uuid(),
  name: z.string(),
  avatarKey: z.string().nullable(),
  distanceMiles: z.number(),
  arrivalMinutes: z.number().int(),
  totalCents: z.number().int(),
});

/** A hail as its client sees it (GET /api/hails/{id}, the hail_changed event). */
export const ZHail = z.object({
  id: z.uuid(),
  status: z.enum(HAIL_STATUSES),
  service: ZService,
  hours: z.number().int(),
  location: z.string(),
  /** Null: as soon as possible. */
  startAt: z.iso.datetime({ offset: true }).nullable(),
  radiusMiles: z.number().int(),
  minTotalCents: z.number().int(),
  maxTotalCents: z.number().int(),
  currency: z.string(),
  reachedCount: z.number().int(),
  liveUntil: z.iso.datetime({ offset: true }).nullable(),
  payBy: z.iso.datetime({ offset: true }),
  winner: ZHailWinner.nullable(),
  bookingId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Hail = z.infer<typeof ZHail>;

export const ZCreateHailResponse = z.object({ hail: ZHail, order: ZPaymentOrder });
export type CreateHailResponse = z.infer<typeof ZCreateHailResponse>;
export const ZHailResponse = z.object({ hail: ZHail });
/** GET /api/hails/current: the client's open hail, else the latest from the last hour. */
export const ZCurrentHailResponse = z.object({ hail: ZHail.nullable() });

/**
 * A hail as a reached creator sees it (GET /api/hail-offers, the hail_offer event). The
 * address is shown only to the winner; before that the area and distance are enough.
 */
export const ZHailOffer = z.object({
  hailId: z.uuid(),
  status: z.enum(HAIL_OFFER_STATUSES),
  service: ZService,
  hours: z.number().int(),
  /** The address's area (city or ZIP); the full address once this creator has won. */
  area: z.string(),
  location: z.string().nullable(),
  startAt: z.iso.datetime({ offset: true }).nullable(),
  distanceMiles: z.number(),
  /** The session at this creator's rate (the subtotal, before commission). */
  earningsCents: z.number().int(),
  /** What this creator is paid for it: earningsCents less their tier's commission of today. */
  netEarningsCents: z.number().int(),
  commissionPercent: z.number().int(),
  currency: z.string(),
  liveUntil: z.iso.datetime({ offset: true }).nullable(),
  bookingId: z.uuid().nullable(),
  notes: z.string().nullable(),
});
export type HailOffer = z.infer<typeof ZHailOffer>;

export const ZHailOffersResponse = z.object({ offers: z.array(ZHailOffer) });
export const ZHailOfferResponse = z.object({ offer: ZHailOffer });
