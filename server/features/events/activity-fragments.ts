import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** When a person last had a tab open, for messaging's online dot. */
export const activityRows = fragmentBuilder.selectFrom("user_activity").selectAll();
