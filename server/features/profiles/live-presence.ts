import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { updateLivePresenceColumns } from "./profile-settings-queries.ts";

// The profile side of live presence (docs/decisions/018): photographer_profiles keeps the
// spec's available_now and the exact live position (travel_lat, travel_lng). The availability
// feature owns the heartbeats (creator_presence) and calls these; the presence trigger of
// migration 090 tells every map, with the position snapped to the coarse grid.

export type LivePresenceChange = {
  availableNow?: boolean;
  /** The exact live position; only the creator themself ever reads it back exactly. */
  position?: { lat: number; lng: number };
  /** Available without a tab until then (migration 119); null ends it. */
  availableUntil?: Date | null;
};

/** Writes available_now and/or the live position of the given profiles. */
export async function setLivePresence(
  db: Kysely<DB>,
  profileIds: string | readonly string[],
  change: LivePresenceChange,
): Promise<void> {
  const ids = typeof profileIds === "string" ? [profileIds] : profileIds;
  if (!ids.length) return;
  const values = {
    ...(change.availableNow === undefined ? {} : { available_now: change.availableNow }),
    ...(change.position
      ? { travel_lat: change.position.lat, travel_lng: change.position.lng }
      : {}),
    ...(change.availableUntil === undefined ? {} : { available_until: change.availableUntil }),
  };
  if (!Object.keys(values).length) return;
  await updateLivePresenceColumns(db, ids, values);
}
