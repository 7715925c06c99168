import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { bookingsReviewedBy } from "./queries.ts";

/** The bookings among these that the user has already reviewed. */
export async function reviewedBy(db: Kysely<DB>, userId: string, bookingIds: string[]) {
  return new Set(await bookingsReviewedBy(db, userId, bookingIds));
}
