import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

// The profile columns other domains change through profiles' writers (schedule-settings.ts,
// live-presence.ts).

export async function updateScheduleSettingsColumns(
  db: Kysely<DB>,
  profileId: string,
  columns: { min_notice_minutes: number; buffer_minutes: number },
) {
  await db.updateTable("photographer_profiles").set(columns).where("id", "=", profileId).execute();
}

export async function updateLivePresenceColumns(
  db: Kysely<DB>,
  profileIds: readonly string[],
  columns: {
    available_now?: boolean;
    travel_lat?: number;
    travel_lng?: number;
    available_until?: Date | null;
  },
) {
  await db
    .updateTable("photographer_profiles")
    .set(columns)
    .where("id", "in", profileIds)
    .execute();
}
