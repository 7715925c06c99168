import { createRequire } from "node:module";

type ZipRecord = {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
};

// The zipcodes package (offline US ZIP table, ~44k codes) ships CommonJS without types.
const zipcodes = createRequire(import.meta.url)("zipcodes") as {
  lookup(zip: string): ZipRecord | undefined;
  lookupByName(city: string, state: string): ZipRecord[] | undefined;
  codes: Record<string, ZipRecord>;
};

export type ZipLocation = { zip: string; lat: number; lng: number; city: string; state: string };

/** A US ZIP code's centre, or null when the code is unknown. */
export function lookupZip(zip: string): ZipLocation | null {
  const record = zipcodes.lookup(zip);
  if (record?.country !== "US") return null;
  return {
    zip: record.zip,
    lat: record.latitude,
    lng: record.longitude,
    city: record.city,
    state: record.state,
  };
}

export type Located = { lat: number; lng: number; label: string };

/** "City, ST" (or "City, ST 33139") somewhere in a comma-separated address. */
const CITY_STATE = /([^,\d][^,]*?)\s*,\s*([A-Za-z]{2})(?=\s*(?:\d{5}(?:-\d{4})?)?\s*(?:,|$))/g;

/**
 * A place as people type it, found offline: a 5-digit ZIP anywhere in the text wins, else
 * "City, ST" (the centre of that city's ZIP codes), also at the end of a street address
 * ("1 Main St, Miami Beach, FL"). Null when neither is found. Profile setup places a
 * creator's service location with it, hail a typed address.
 */
export function geocodePlace(text: string): Located | null {
  for (const zip of text.match(/\b\d{5}\b/g) ?? []) {
    const hit = lookupZip(zip);
    if (hit) return { lat: hit.lat, lng: hit.lng, label: `${hit.city}, ${hit.state}` };
  }
  for (const [, city, state] of [...text.matchAll(CITY_STATE)].reverse()) {
    const hits = zipcodes.lookupByName(city!.trim(), state!.toUpperCase());
    if (!hits?.length) continue;
    const lat = hits.reduce((sum, h) => sum + h.latitude, 0) / hits.length;
    const lng = hits.reduce((sum, h) => sum + h.longitude, 0) / hits.length;
    return { lat, lng, label: `${hits[0]!.city}, ${hits[0]!.state}` };
  }
  return null;
}

/** Every known US ZIP code (benchmarks and the demo seed spread creators over them). */
export function allUsZips(): ZipLocation[] {
  return (
    Object.values(zipcodes.codes)
      // Military mail codes (AA/AE/AP) carry placeholder coordinates: not places creators live.
      .filter(
        (r) =>
          r.country === "US" &&
          /^\d{5}$/.test(r.zip) &&
          !["AA", "AE", "AP"].includes(r.state) &&
          Math.abs(r.latitude) <= 72 &&
          r.longitude < -60,
      )
      .map((r) => ({ zip: r.zip, lat: r.latitude, lng: r.longitude, city: r.city, state: r.state }))
  );
}

export const METERS_PER_MILE = 1609.344;

// earthdistance's earth() sphere (6,378,168 m): JS distances agree with the database's.
export const EARTH_RADIUS_METERS = 6378168;
export const EARTH_RADIUS_MILES = EARTH_RADIUS_METERS / METERS_PER_MILE;

/**
 * The point as earthdistance's `ll_to_earth(lat, lng)` would return it, in cube text form.
 * Sent as a query parameter so the database does not recompute it for every row it compares.
 */
export function earthPoint({ lat, lng }: { lat: number; lng: number }): string {
  const rad = Math.PI / 180;
  const x = EARTH_RADIUS_METERS * Math.cos(lat * rad) * Math.cos(lng * rad);
  const y = EARTH_RADIUS_METERS * Math.cos(lat * rad) * Math.sin(lng * rad);
  const z = EARTH_RADIUS_METERS * Math.sin(lat * rad);
  return `(${x}, ${y}, ${z})`;
}

/** Great-circle distance in miles on the same sphere as earthdistance (haversine). */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
