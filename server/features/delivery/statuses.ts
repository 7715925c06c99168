import type { Kysely } from "kysely";
import type { DeliveryStatus } from "../../../contracts/delivery.ts";
import type { DB } from "../../db/schema.ts";
import * as q from "./queries.ts";

/** How each booking's delivery stands; a booking whose creator has not started one is left out. */
export async function deliveryStatuses(
  db: Kysely<DB>,
  bookingIds: string[],
): Promise<Map<string, DeliveryStatus>> {
  const rows = await q.deliveryStatusesOf(db, bookingIds);
  return new Map(rows.map((r) => [r.booking_id, r.status as DeliveryStatus]));
}
