import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** Deliveries (status, problems), for payouts' holds and the back office. */
export const deliveryRows = fragmentBuilder.selectFrom("deliveries").selectAll();
