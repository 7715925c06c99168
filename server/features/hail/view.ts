import { percentOf } from "../../../contracts/booking-pricing.ts";
import { HAIL } from "../../../contracts/constants.ts";
import type { Service } from "../../../contracts/enums.ts";
import type { Hail, HailOffer, HailOfferStatus, HailStatus } from "../../../contracts/hail.ts";
import { lookupZip, METERS_PER_MILE } from "../../platform/geo.ts";
import type { HailRow, OfferRow } from "./queries.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const miles = (meters: number) => Math.round((meters / METERS_PER_MILE) * 10) / 10;

/** Minutes for a creator `meters` away to arrive: across town at the average speed, plus setting off. */
export function arrivalMinutes(meters: number): number {
  return (
    Math.ceil((meters / METERS_PER_MILE / HAIL.arrivalSpeedMph) * 60) + HAIL.arrivalSetOffMinutes
  );
}

/** The 5-digit ZIP inside an address, if any. */
export function zipIn(address: string): string | null {
  return address.match(/\b(\d{5})(?:-\d{4})?\b/)?.[1] ?? null;
}

/** The address's area, shown to creators before one wins: city and ZIP, else its last parts. */
export function areaOf(address: string): string {
  const zip = zipIn(address);
  const place = zip ? lookupZip(zip) : null;
  if (place) return `${place.city}, ${place.state} ${place.zip}`;
  const parts = address
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length >= 2 ? parts.slice(-2).join(", ") : "Nearby";
}

export type Winner = {
  id: string;
  name: string;
  avatar_path: string | null;
  distance_meters: number;
  total_cents: number;
};

export function toHail(h: HailRow, winner: Winner | null): Hail {
  return {
    id: h.id,
    status: h.status as HailStatus,
    service: h.service as Service,
    hours: h.hours,
    location: h.location,
    startAt: iso(h.start_at),
    radiusMiles: h.radius_miles,
    minTotalCents: h.min_total_cents,
    maxTotalCents: h.max_total_cents,
    currency: h.currency,
    reachedCount: h.reached_count,
    liveUntil: iso(h.live_until),
    payBy: h.pay_by.toISOString(),
    winner: winner
      ? {
          creatorId: winner.id,
          name: winner.name,
          avatarKey: winner.avatar_path,
          distanceMiles: miles(winner.distance_meters),
          arrivalMinutes: arrivalMinutes(winner.distance_meters),
          totalCents: winner.total_cents,
        }
      : null,
    bookingId: h.booking_id,
    createdAt: h.created_at.toISOString(),
  };
}

export function toOffer(o: OfferRow): HailOffer {
  const won = o.offer_status === "accepted";
  return {
    hailId: o.hail_id,
    status: o.offer_status as HailOfferStatus,
    service: o.service as Service,
    hours: o.hours,
    area: areaOf(o.location),
    location: won ? o.location : null,
    startAt: iso(o.start_at),
    distanceMiles: miles(o.distance_meters),
    earningsCents: o.earnings_cents,
    netEarningsCents: o.earnings_cents - percentOf(o.earnings_cents, o.commission_percent),
    commissionPercent: o.commission_percent,
    currency: o.currency,
    liveUntil: iso(o.live_until),
    bookingId: won ? o.booking_id : null,
    notes: o.notes,
  };
}
