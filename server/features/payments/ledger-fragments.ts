import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** Money movements (integer cents), for the payout ledger and the back office's figures. */
export const paymentLedgerRows = fragmentBuilder.selectFrom("payment_ledger").selectAll();
