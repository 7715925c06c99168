import { milesBetween } from "../../platform/geo.ts";
import type { Db } from "../factories.ts";
import type { SeededCreator } from "./creators.ts";

// Hail in the demo (issue 12): a few photographers online near Miami, with heartbeats, so a
// client can hail at once after `npm start` and Sofia Martinez (the first demo creator) can
// accept. A creator stays online only while heartbeats arrive: signed in with a tab open, the
// presence feature keeps them fresh; the others lapse after PRESENCE.staleAfterSeconds.

const MIAMI = { lat: 25.7617, lng: -80.1918 };
const ONLINE_NEAR_MIAMI = 5;
const WITHIN_MILES = 20;

export async function seedHailPresence(db: Db, creators: SeededCreator[], now = new Date()) {
  const [sofia, ...others] = creators;
  const near = others.filter(
    (c) =>
      c.profile.creator_type === "photographer" &&
      c.profile.hourly_rate_cents &&
      c.profile.base_lat !== null &&
      c.profile.base_lng !== null &&
      milesBetween(MIAMI, { lat: c.profile.base_lat, lng: c.profile.base_lng }) <= WITHIN_MILES,
  );
  const online = [sofia, ...near.slice(0, ONLINE_NEAR_MIAMI - 1)].filter(
    (c): c is SeededCreator => c !== undefined,
  );
  for (const [i, c] of online.entries()) {
    // Standing in town: spread a little around downtown Miami.
    const lat = MIAMI.lat + 0.01 * (i - 2);
    const lng = MIAMI.lng + 0.008 * ((i % 3) - 1);
    await db
      .updateTable("photographer_profiles")
      // Taking hails for right now: no minimum notice.
      .set({ available_now: true, travel_lat: lat, travel_lng: lng, min_notice_minutes: 0 })
      .where("id", "=", c.profile.id)
      .execute();
    await db
      .insertInto("creator_presence")
      .values({ profile_id: c.profile.id, online_since: now, last_seen_at: now, position_at: now })
      .onConflict((oc) =>
        oc.column("profile_id").doUpdateSet({ last_seen_at: now, position_at: now }),
      )
      .execute();
  }
  return online.length;
}
