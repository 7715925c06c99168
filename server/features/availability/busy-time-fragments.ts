import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** Busy times synced from creators' external calendars, for hail matching. */
export const busyTimeRows = fragmentBuilder.selectFrom("external_busy_times").selectAll();
