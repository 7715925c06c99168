import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** Hails, for the back office's problems list. */
export const hailRows = fragmentBuilder.selectFrom("hails").selectAll();
