import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** People's notification preferences, for messaging's digest. */
export const preferenceRows = fragmentBuilder.selectFrom("user_preferences").selectAll();
