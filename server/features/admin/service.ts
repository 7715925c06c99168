import type { AdminOverview } from "../../../contracts/accounts.ts";
import { CURRENCY } from "../../../contracts/constants.ts";
import type { DatabaseDeps } from "../../platform/deps.ts";
import { countListedCreators } from "../profiles/service.ts";
import { paidBookingFigures } from "./queries.ts";

export async function getAdminOverview(deps: DatabaseDeps): Promise<AdminOverview> {
  const [activeCreators, bookings] = await Promise.all([
    countListedCreators(deps),
    paidBookingFigures(deps.database.db),
  ]);
  return { activeCreators, ...bookings, currency: CURRENCY };
}
