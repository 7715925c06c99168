import { createRequire } from "node:module";

type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string };
type Zipcodes = {
  lookup(zip: string): ZipRecord | undefined;
  lookupByName(city: string, state: string): ZipRecord[];
};
// zipcodes ships no types; this is the slice of its API we use (offline US ZIP data).
const zipcodes = createRequire(import.meta.url)("zipcodes") as Zipcodes;

export type Located = { lat: number; lng: number; label: string };

/**
 * A service location as typed by a creator: a 5-digit ZIP anywhere in the text wins, else
 * "City, ST" (the centre of that city's ZIP codes). Null when neither is found.
 */
export function geocodeServiceLocation(text: string): Located | null {
  const zip = text.match(/\b\d{5}\b/)?.[0];
  if (zip) {
    const hit = zipcodes.lookup(zip);
    if (hit) return { lat: hit.latitude, lng: hit.longitude, label: `${hit.city}, ${hit.state}` };
  }
  const match = text.match(/^\s*([^,]+?)\s*,\s*([A-Za-z]{2})\b/);
  if (!match) return null;
  const hits = zipcodes.lookupByName(match[1]!, match[2]!.toUpperCase());
  if (!hits?.length) return null;
  const lat = hits.reduce((sum, h) => sum + h.latitude, 0) / hits.length;
  const lng = hits.reduce((sum, h) => sum + h.longitude, 0) / hits.length;
  return { lat, lng, label: `${hits[0]!.city}, ${hits[0]!.state}` };
}
