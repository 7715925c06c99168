import { type Kysely, sql } from "kysely";
import { PROBLEMS_PER_KIND, REPEAT_CANCELLER_MIN } from "../../../contracts/back-office.ts";
import type { DB } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";
import { deliveryRows } from "../delivery/delivery-fragments.ts";
import { hailRows } from "../hail/hail-fragments.ts";
import { conversationReportRows } from "../messaging/conversation-fragments.ts";

// What users reported, for the back office's Problems list (problems.ts shapes it).

/** Deliveries with a reported problem, newest first, with the client's name. */
export function disputedDeliveryRows(db: Kysely<DB>) {
  return db
    .selectFrom(deliveryRows.as("d"))
    .innerJoin(bookingRows.as("b"), "b.id", "d.booking_id")
    .innerJoin(userRows.as("u"), "u.id", "b.client_user_id")
    .select([
      "d.booking_id",
      "d.status",
      "d.problem_text",
      "d.problem_reported_at",
      "d.problem_resolved_at",
      "u.name",
    ])
    .where("d.problem_reported_at", "is not", null)
    .orderBy("d.problem_reported_at", "desc")
    .limit(PROBLEMS_PER_KIND)
    .execute();
}

/** Conversation reports, newest first, with the reporter's name. */
export function reportedConversationRows(db: Kysely<DB>) {
  return db
    .selectFrom(conversationReportRows.as("r"))
    .innerJoin(userRows.as("u"), "u.id", "r.reporter_user_id")
    .select(["r.id", "r.reason", "r.created_at", "r.resolved_at", "u.name"])
    .orderBy("r.created_at", "desc")
    .limit(PROBLEMS_PER_KIND)
    .execute();
}

/** Bookings with a reported problem, newest first, with the client's name. */
export function bookingProblemRows(db: Kysely<DB>) {
  return db
    .selectFrom(bookingRows.as("b"))
    .innerJoin(userRows.as("u"), "u.id", "b.client_user_id")
    .select([
      "b.id",
      "b.status",
      "b.location",
      "b.problem_reported_at",
      "b.problem_resolved_at",
      "u.name",
    ])
    .where("b.problem_reported_at", "is not", null)
    .orderBy("b.problem_reported_at", "desc")
    .limit(PROBLEMS_PER_KIND)
    .execute();
}

/** Clients with REPEAT_CANCELLER_MIN or more hails cancelled since `since`, latest first. */
export async function repeatCancellerRows(db: Kysely<DB>, since: Date) {
  const { rows } = await sql<{ id: string; name: string; email: string; n: number; last: Date }>`
    select u.id, u.name, u.email, count(*)::int as n, max(h.updated_at) as last
    from ${hailRows} h join ${userRows} u on u.id = h.client_user_id
    where h.status = 'cancelled' and h.updated_at >= ${since}
    group by u.id, u.name, u.email
    having count(*) >= ${REPEAT_CANCELLER_MIN}
    order by last desc limit ${PROBLEMS_PER_KIND}`.execute(db);
  return rows;
}
