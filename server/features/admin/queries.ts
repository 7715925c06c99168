import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";

const PAID_STATUSES = ["pending", "confirmed", "completed"] as const;

export async function paidBookingFigures(db: Kysely<DB>) {
  const row = await db
    .selectFrom(bookingRows.as("bookings"))
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.coalesce(eb.fn.sum<number>("fee_cents"), sql<number>`0`).as("fees"),
    ])
    .where("status", "in", PAID_STATUSES)
    .executeTakeFirstOrThrow();
  return { paidBookings: Number(row.count), feeRevenueCents: Number(row.fees) };
}
