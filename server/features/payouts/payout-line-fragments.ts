import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** The payout ledger, for the back office's figures. */
export const payoutLineRows = fragmentBuilder.selectFrom("payout_lines").selectAll();
