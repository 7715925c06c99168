import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** Creators' live heartbeats, for hail matching and messaging's online state. */
export const presenceRows = fragmentBuilder.selectFrom("creator_presence").selectAll();
